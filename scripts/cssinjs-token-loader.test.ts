import fs from 'node:fs'
import path from 'node:path'

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS webpack loader
const { useBuiltTokens } = require('./cssinjs-token-loader.cjs') as {
  useBuiltTokens: (source: string) => string
}

const installed = fs.readFileSync(
  path.resolve(__dirname, '../node_modules/@ant-design/cssinjs/es/hooks/useCacheToken.js'),
  'utf8',
)

describe('cssinjs-token-loader', () => {
  it("has the installed useCacheToken ask for the build's tokens before computing them", () => {
    const out = useBuiltTokens(installed)
    const themeTokens = path.resolve(__dirname, '../src/app/themeTokens.ts')
    expect(
      out.startsWith(`import { builtTokenCache } from ${JSON.stringify(themeTokens)};\n`),
    ).toBe(true)
    const ask = out.indexOf(
      'const built = builtTokenCache(theme, [salt, tokenStr, overrideTokenStr',
    )
    const compute = out.indexOf('const mergedDerivativeToken = compute ?')
    const callback = out.indexOf('useGlobalCache(TOKEN_PREFIX, [salt, theme.id')
    expect(callback).toBeGreaterThan(0)
    expect(ask).toBeGreaterThan(callback)
    expect(compute).toBeGreaterThan(ask)
    // The answer keeps the computation's side effect and its shape.
    expect(out.slice(ask, compute)).toContain('recordCleanToken(cssVar.key);')
    expect(out.slice(ask, compute)).toContain(
      'return [built[0], `${hashPrefix}-${hash(`${salt}_${cssVar.prefix}`)}`, built[1], built[2], cssVar.key];',
    )
    // Everything else is as installed.
    expect(
      out
        .replace(/^import \{ builtTokenCache \}[^\n]*\n/, '')
        .replace(/ {4}const built[\s\S]*?\n {4}\}\n/, ''),
    ).toBe(installed)
  })

  it('fails the build when the library no longer has that code', () => {
    expect(() => useBuiltTokens('export default function useCacheToken() {}')).toThrow(
      /review this loader/,
    )
    expect(() =>
      useBuiltTokens(installed.replace('const hashId = hash(mergedSalt);', 'const hashId = 1;')),
    ).toThrow(/review this loader/)
  })
})
