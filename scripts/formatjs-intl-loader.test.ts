import fs from 'node:fs'
import path from 'node:path'

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS webpack loader
const { dropLocaleDataCheck } = require('./formatjs-intl-loader.cjs') as {
  dropLocaleDataCheck: (source: string) => string
}

const installed = fs.readFileSync(
  path.resolve(__dirname, '../node_modules/@formatjs/intl/index.js'),
  'utf8',
)

describe('formatjs-intl-loader', () => {
  it("drops the installed @formatjs/intl's eager locale-data check and nothing else", () => {
    expect(installed).toContain('supportedLocalesOf(locale)')
    const out = dropLocaleDataCheck(installed)
    expect(out).not.toContain('supportedLocalesOf(locale)')
    expect(out).toContain('resolvedConfig.locale = resolvedConfig.defaultLocale || "en";\n\t}\n')
    expect(out).toContain('verifyConfigMessages(resolvedConfig);')
    expect(installed.length - out.length).toBeLessThan(800)
  })

  it('fails the build when the library no longer has that code', () => {
    expect(() => dropLocaleDataCheck('export const nothing = 1')).toThrow(/review this loader/)
  })
})
