/**
 * antd's component styles, generated at build time instead of in the browser.
 *
 * antd 6 normally builds every component's CSS at run time (CSS-in-JS: token maths, stylis, one
 * <style> tag per component), which was the largest block of main-thread work on a cold /login.
 * The app runs with `theme.zeroRuntime` (src/app/theme.ts), so antd only adds class names, and
 * the CSS comes from here: antd's own extractor renders each component once per theme and keeps
 * what it registered. Only the theme's CSS variables are still computed at run time.
 *
 * One CSS module per component (scripts/antd-css-loader.cjs), imported next to the code that
 * uses the component (scripts/antd-imports-loader.cjs), so each route carries only the antd CSS
 * it can render. Light and dark differ only in CSS variable blocks, each scoped by its theme's
 * cssVar class (`abal-light`, `abal-dark`), so a module holds the light rules plus the dark
 * variable blocks; `check` below refuses a build where that stops being true.
 */
import { extractStyle } from '@ant-design/static-style-extract'
import { ConfigProvider } from 'antd'
import { createElement } from 'react'
import { themeFor } from '../src/app/theme'

type Mode = 'light' | 'dark'
const MODES: Mode[] = ['light', 'dark']

/** antd exports that render nothing of their own or are not components. */
const NOT_COMPONENTS = new Set(['ConfigProvider', 'Grid', 'theme', 'version'])

/**
 * Components another antd component renders inside itself, whose CSS it needs but does not
 * register: a Table shows Empty or Spin, an Upload list Progress and Tooltip, Form.Item lays
 * out with Row and Col, antd's <App> holds the message, notification and modal hooks.
 */
export const RENDERS_INSIDE: Record<string, string[]> = {
  App: ['message', 'notification', 'Modal'],
  DatePicker: ['Button'],
  Form: ['Row', 'Col'],
  Modal: ['Button'],
  Select: ['Empty'],
  Table: ['Empty', 'Spin'],
  Typography: ['Tooltip'],
  Upload: ['Progress', 'Tooltip'],
}

/**
 * The antd components a module's source imports or re-exports by name (`import { Button,
 * App as X }`, `export { Alert as default }`). Any other way of reaching antd (a namespace or
 * default import, `import('antd')`) would hide which components need CSS, so it is refused.
 */
export function antdComponentsImported(source: string): string[] {
  const unnamed =
    /import\s*\(\s*['"]antd['"]\s*\)|import\s+(\*\s+as\s+)?\w+\s+from\s*['"]antd['"]/.exec(source)
  if (unnamed) {
    throw new Error(
      `antd static CSS: "${unnamed[0]}" does not say which components it uses, so their CSS ` +
        'cannot come along. Import them by name (to load one lazily, import it in a small module ' +
        'of its own, as src/features/auth/LoginAlert.ts does).',
    )
  }
  const found = new Set<string>()
  for (const match of source.matchAll(
    /(?:import|export)\s*(type\s*)?\{([^}]*)\}\s*from\s*['"]antd['"]/g,
  )) {
    if (match[1]) continue
    for (const part of match[2]!.split(',')) {
      const spec = part.trim()
      if (!spec || spec.startsWith('type ')) continue
      const name = spec.split(/\s+as\s+/)[0]!.trim()
      if (isComponent(name)) found.add(name)
    }
  }
  return [...found].sort()
}

export function isComponent(name: string): boolean {
  if (NOT_COMPONENTS.has(name)) return false
  return /^[A-Z]/.test(name) || name === 'message' || name === 'notification'
}

/** A component and what it renders inside itself, each once. */
export function withInnerComponents(names: string[]): string[] {
  const all = new Set<string>()
  const add = (name: string) => {
    if (all.has(name)) return
    all.add(name)
    for (const inner of RENDERS_INSIDE[name] ?? []) add(inner)
  }
  names.forEach(add)
  return [...all].sort()
}

/** The top-level rules of a stylesheet, as antd writes them (no comments or strings with braces). */
export function splitRules(css: string): string[] {
  const rules: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < css.length; i += 1) {
    const char = css[i]
    if (char === '{') depth += 1
    else if (char === '}') {
      depth -= 1
      if (depth === 0) {
        rules.push(css.slice(start, i + 1))
        start = i + 1
      }
    }
  }
  return rules
}

const selectorOf = (rule: string) => rule.slice(0, rule.indexOf('{'))

/**
 * Nested ConfigProviders in antd's preview panels (the confirm modal's, message's) name their
 * variable blocks after React's useId (`css-var-_R_…`); the app's own providers never do.
 */
const INTERNAL_KEY = /\.css-var-_/

function extract(components: string[], mode: Mode): string[] {
  const theme = { ...themeFor(mode), zeroRuntime: false }
  // The extractor renders Input.Group, which antd reports as deprecated on every build.
  const consoleError = console.error
  console.error = (...args: unknown[]) => {
    if (!String(args[0]).includes('`Input.Group` is deprecated')) consoleError(...args)
  }
  try {
    const css = extractStyle({
      includes: components,
      customTheme: (node) => createElement(ConfigProvider, { theme }, node),
    })
    return splitRules(css).filter((rule) => !INTERNAL_KEY.test(selectorOf(rule)))
  } finally {
    console.error = consoleError
  }
}

const cache = new Map<string, string[]>()
function rulesOf(components: string[], mode: Mode): string[] {
  const key = `${mode}:${components.join(',')}`
  let rules = cache.get(key)
  if (!rules) {
    rules = extract(components, mode)
    cache.set(key, rules)
  }
  return rules
}

/**
 * What every component shares (resets, the theme's variables): what antd registers for Flex,
 * which has no rules of its own.
 */
function baseRules(mode: Mode): Set<string> {
  return new Set(rulesOf(['Flex'], mode))
}

/** Rules of one theme that the light theme does not have; they must be that theme's variables. */
function themeOnlyRules(light: string[], other: string[], mode: Mode): string[] {
  const known = new Set(light)
  const extra = other.filter((rule) => !known.has(rule))
  const unscoped = extra.filter((rule) => !selectorOf(rule).includes(`.abal-${mode}`))
  if (unscoped.length > 0) {
    throw new Error(
      `antd static CSS: ${unscoped.length} ${mode} rule(s) differ from light outside the ` +
        `.abal-${mode} variable scope, so one stylesheet cannot serve both themes. First: ` +
        unscoped[0]!.slice(0, 200),
    )
  }
  return extra
}

/** The shared base: resets and both themes' variables. Imported once, by the entry. */
export function baseCss(): string {
  const light = [...baseRules('light')]
  return [...light, ...themeOnlyRules(light, [...baseRules('dark')], 'dark')].join('')
}

/** One component's CSS for both themes, without the shared base. */
export function componentCss(component: string): string {
  if (!isComponent(component)) throw new Error(`antd static CSS: ${component} is no component`)
  const [light, dark] = MODES.map((mode) => {
    const base = baseRules(mode)
    return rulesOf([component], mode).filter((rule) => !base.has(rule))
  }) as [string[], string[]]
  return [...light, ...themeOnlyRules(light, dark, 'dark')].join('')
}
