/**
 * antd's map token of each theme, derived at build time (scripts/theme-tokens-loader.cjs puts it
 * into src/app/themeTokens.light.ts and .dark.ts; src/app/themeTokens.ts says why).
 */
import { theme } from 'antd'
import type { ThemeMode } from '../src/features/preferences'
import { baseAlgorithm, THEME_TOKEN } from '../src/app/theme'
import type { PrecomputedMapToken } from '../src/app/themeTokens'

/**
 * The seed the browser will hand antd's algorithm (the merge of antd's useCacheToken: antd's
 * default seed, then our THEME_TOKEN) and the map the algorithm derives from it.
 */
export function precomputedMapToken(mode: ThemeMode): PrecomputedMapToken {
  const seed = { ...theme.defaultSeed, ...THEME_TOKEN }
  return { seed, map: { ...baseAlgorithm(mode)(seed) } }
}
