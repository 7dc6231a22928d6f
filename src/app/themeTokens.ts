import type { MappingAlgorithm } from 'antd'
import type { ThemeMode } from '../features/preferences'

/**
 * antd's map token of one theme (the ~440 values its algorithm derives from our seed: palettes,
 * sizes, motion), worked out at build time by scripts/theme-tokens-loader.cjs.
 *
 * ConfigProvider's first render otherwise derives it in the browser: 15–25 ms on the VM, 60–100
 * ms on a phone-speed CPU, inside one component's render, so in one task of a cold start. The
 * seed it was derived from comes along: the map is served only when antd asks for exactly that
 * seed, and derived as before otherwise, so a changed theme or antd version never gets a stale map.
 */
export interface PrecomputedMapToken {
  seed: Record<string, unknown>
  map: Record<string, unknown>
  /** What antd's useCacheToken then works out from the map (`builtTokenCache`). */
  tokens?: BuiltTokenCache
}

/**
 * The rest of the token work of ConfigProvider's first render, done at build time as well:
 * @ant-design/cssinjs's useCacheToken turns the map into antd's alias token (formatToken), keys
 * it (a hash of all ~530 values), and turns each value into a CSS variable and the theme's
 * variable block (transformToken). 15–20 ms on the VM, 60–80 ms at a phone's speed, in the render
 * that draws the sign-in screen (stop 19). scripts/cssinjs-token-loader.cjs has useCacheToken ask
 * `builtTokenCache` first.
 */
export interface BuiltTokenCache {
  /** useCacheToken's cache key without the theme's run-time id: salt % seed % override % cssVar. */
  key: string
  withCssVar: Record<string, unknown>
  alias: Record<string, unknown>
  cssVarsStr: string
}

const precomputed: Partial<Record<ThemeMode, PrecomputedMapToken>> = {}

/** Start-up fetches the map of the saved theme beside the language and the login chunk. */
export async function loadPrecomputedMapToken(mode: ThemeMode): Promise<void> {
  const { default: ready } =
    mode === 'dark'
      ? await import(/* webpackChunkName: "theme-dark" */ './themeTokens.dark')
      : await import(/* webpackChunkName: "theme-light" */ './themeTokens.light')
  setPrecomputedMapToken(mode, ready)
}

export function setPrecomputedMapToken(mode: ThemeMode, ready: PrecomputedMapToken | null): void {
  if (ready) precomputed[mode] = ready
  else delete precomputed[mode]
}

const sameSeed = (seed: object, built: Record<string, unknown>) => {
  const keys = Object.keys(built)
  return (
    Object.keys(seed).length === keys.length &&
    keys.every((key) => (seed as Record<string, unknown>)[key] === built[key])
  )
}

const modeOfAlgorithm = new WeakMap<object, ThemeMode>()

/** antd's algorithm for `mode`, answering from the build's map when asked for its seed. */
export function precomputedAlgorithm(mode: ThemeMode, compute: MappingAlgorithm): MappingAlgorithm {
  const algorithm: MappingAlgorithm = (seed, mapToken) => {
    const ready = precomputed[mode]
    if (ready && mapToken === undefined && sameSeed(seed, ready.seed)) {
      return { ...ready.map } as unknown as ReturnType<MappingAlgorithm>
    }
    return compute(seed, mapToken)
  }
  modeOfAlgorithm.set(algorithm, mode)
  return algorithm
}

/** A copy, nested objects (a component's tokens) included, for antd to keep as its own. */
const copyToken = (token: Record<string, unknown>) => {
  const copy: Record<string, unknown> = {}
  for (const key in token) {
    const value = token[key]
    copy[key] = value && typeof value === 'object' ? { ...value } : value
  }
  return copy
}

/**
 * For useCacheToken (scripts/cssinjs-token-loader.cjs): the build's [token with CSS variables,
 * alias token, CSS variable block] when the theme is one of ours (one precomputed algorithm) and
 * `key` is the one the build computed; otherwise undefined, and antd computes them as usual. The
 * key hashes the seed, the overrides (component tokens included) and the CSS variable options,
 * so a changed theme or antd version never gets stale tokens.
 */
export function builtTokenCache(
  theme: object,
  key: string,
): [Record<string, unknown>, Record<string, unknown>, string] | undefined {
  // @ant-design/cssinjs's Theme keeps its algorithms in `derivatives` (private in its typings).
  const { derivatives } = theme as { derivatives?: unknown }
  const mode =
    Array.isArray(derivatives) && derivatives.length === 1
      ? modeOfAlgorithm.get(derivatives[0] as object)
      : undefined
  const built = mode && precomputed[mode]?.tokens
  if (!built || built.key !== key) return undefined
  return [copyToken(built.withCssVar), copyToken(built.alias), built.cssVarsStr]
}
