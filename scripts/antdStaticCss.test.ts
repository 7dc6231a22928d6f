import fs from 'node:fs'
import path from 'node:path'
import {
  antdComponentsImported,
  baseCss,
  componentCss,
  splitRules,
  withInnerComponents,
} from './antdStaticCss'

const SRC = path.resolve(__dirname, '../src')

/** The app's modules, tests left out. */
const sourceFiles = () =>
  fs
    .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(SRC, file))

describe('antd components a module imports', () => {
  it('reads named imports and aliases, and leaves out types, theme and ConfigProvider', () => {
    const source = [
      "import { App as AntApp, Button, type ButtonProps, theme } from 'antd'",
      "import type { TableProps } from 'antd'",
      'import { ConfigProvider,\n  Table } from "antd"',
      "import { Card } from 'antd-style'",
      "import { Modal } from './Modal'",
    ].join('\n')
    expect(antdComponentsImported(source)).toEqual(['App', 'Button', 'Table'])
  })

  it('reads re-exports, which a lazily loaded component goes through', () => {
    expect(antdComponentsImported("export { Alert as default } from 'antd'")).toEqual(['Alert'])
  })

  it.each([
    "const Alert = lazy(() => import('antd').then((antd) => ({ default: antd.Alert })))",
    "import * as antd from 'antd'",
    "import antd from 'antd'",
  ])('refuses an import that does not name its components: %s', (source) => {
    expect(() => antdComponentsImported(source)).toThrow(/Import them by name/)
  })

  it('adds what a component renders inside itself', () => {
    expect(withInnerComponents(['Table'])).toEqual(['Empty', 'Spin', 'Table'])
    expect(withInnerComponents(['App'])).toEqual([
      'App',
      'Button',
      'Modal',
      'message',
      'notification',
    ])
  })
})

describe('build-time antd CSS', () => {
  it('holds both themes: light rules, and the dark theme only as its own variable block', () => {
    const css = componentCss('Button')
    expect(css).toMatch(/\.ant-btn\{/)
    const darkRules = splitRules(css).filter((rule) => rule.includes('.abal-dark'))
    expect(darkRules.length).toBeGreaterThan(0)
    for (const rule of darkRules) {
      // Every declaration of a dark block sets a variable: the rules themselves are shared.
      const body = rule.slice(rule.indexOf('{') + 1, -1)
      expect(
        body
          .split(';')
          .filter(Boolean)
          .every((d) => d.trim().startsWith('--')),
      ).toBe(true)
    }
    expect(css).not.toMatch(/css-var-_/)
  })

  it("puts the theme's variables in the base, with the church's colours", () => {
    const base = baseCss()
    expect(base).toMatch(/\.abal-light\{[^}]*--ant-color-primary:#1976d2/)
    expect(base).toMatch(/\.abal-dark\{[^}]*--ant-color-bg-container:#141414/)
    // A component's module does not repeat the base.
    const baseRules = new Set(splitRules(base))
    expect(splitRules(componentCss('Alert')).filter((rule) => baseRules.has(rule))).toEqual([])
  })

  it('has CSS for every antd component the app imports', () => {
    const imported = new Set(
      sourceFiles().flatMap((file) => antdComponentsImported(fs.readFileSync(file, 'utf8'))),
    )
    expect(imported.size).toBeGreaterThan(20)
    // Flex has no rules beyond the shared base.
    const withoutCss = withInnerComponents([...imported]).filter(
      (name) => name !== 'Flex' && componentCss(name).length < 200,
    )
    expect(withoutCss).toEqual([])
  })

  it('refuses a name that is no component', () => {
    expect(() => componentCss('theme')).toThrow(/no component/)
  })
})
