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

/** antd's algorithm for `mode`, answering from the build's map when asked for its seed. */
export function precomputedAlgorithm(mode: ThemeMode, compute: MappingAlgorithm): MappingAlgorithm {
  return (seed, mapToken) => {
    const ready = precomputed[mode]
    if (ready && mapToken === undefined && sameSeed(seed, ready.seed)) {
      return { ...ready.map } as unknown as ReturnType<MappingAlgorithm>
    }
    return compute(seed, mapToken)
  }
}
