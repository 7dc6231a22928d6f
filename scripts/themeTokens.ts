/**
 * antd's tokens of each theme, worked out at build time (scripts/theme-tokens-loader.cjs puts
 * them into src/app/themeTokens.light.ts and .dark.ts; src/app/themeTokens.ts says why).
 */
import { createCache, StyleProvider } from '@ant-design/cssinjs'
import { ConfigProvider, theme } from 'antd'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { ThemeMode } from '../src/features/preferences'
import { antdThemeClass, baseAlgorithm, THEME_TOKEN, themeFor } from '../src/app/theme'
import type { BuiltTokenCache, PrecomputedMapToken } from '../src/app/themeTokens'

/**
 * The seed the browser will hand antd's algorithm (the merge of antd's useCacheToken: antd's
 * default seed, then our THEME_TOKEN), the map the algorithm derives from it, and everything
 * antd's useCacheToken then works out from that map (`builtTokenCache`).
 */
export function precomputedMapToken(mode: ThemeMode): PrecomputedMapToken {
  const seed = { ...theme.defaultSeed, ...THEME_TOKEN }
  return { seed, map: { ...baseAlgorithm(mode)(seed) }, tokens: builtTokenCache(mode) }
}

/**
 * What @ant-design/cssinjs's useCacheToken computes for our ConfigProvider's theme, taken from
 * the cache of a server render of that ConfigProvider: the token with CSS variables, the alias
 * token, and the theme's CSS variable block, under the cache key the browser will compute
 * (without the theme's run-time id).
 */
export function builtTokenCache(mode: ThemeMode): BuiltTokenCache {
  const cache = createCache()
  renderToStaticMarkup(
    createElement(
      StyleProvider,
      { cache },
      createElement(ConfigProvider, { theme: themeFor(mode) }, createElement(TokenUser)),
    ),
  )
  const entries = cache.cache as Map<string, [number, unknown[]]>
  const found = [...entries].filter(
    ([key, [, value]]) => key.startsWith('token%') && value[4] === antdThemeClass(mode),
  )
  if (found.length !== 1) {
    throw new Error(
      `themeTokens: expected one token computation for ${mode} in antd's cache, found ${found.length}; review builtTokenCache against the new @ant-design/cssinjs`,
    )
  }
  const [key, [, value]] = found[0]!
  // token % salt % theme id % seed % override % cssVar (cssinjs's pathKey of useCacheToken).
  const [, salt, , ...rest] = key.split('%')
  const [withCssVar, , alias, cssVarsStr] = value as [
    Record<string, unknown>,
    string,
    Record<string, unknown>,
    string,
  ]
  return { key: [salt, ...rest].join('%'), withCssVar, alias, cssVarsStr }
}

function TokenUser() {
  theme.useToken()
  return null
}
