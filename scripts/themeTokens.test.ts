import { createCache, createTheme, StyleProvider } from '@ant-design/cssinjs'
import { ConfigProvider, type GlobalToken, theme } from 'antd'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { baseAlgorithm, themeFor } from '../src/app/theme'
import {
  builtTokenCache,
  precomputedAlgorithm,
  setPrecomputedMapToken,
} from '../src/app/themeTokens'
import type { ThemeMode } from '../src/features/preferences'
import { precomputedMapToken } from './themeTokens'

/** The token antd's ConfigProvider gives its components, from a cache of its own (or `cache`). */
function renderedToken(config: ReturnType<typeof themeFor>, cache = createCache()): GlobalToken {
  let token: GlobalToken | undefined
  const Probe = () => {
    token = theme.useToken().token
    return null
  }
  renderToStaticMarkup(
    createElement(
      StyleProvider,
      { cache },
      createElement(ConfigProvider, { theme: config }, createElement(Probe)),
    ),
  )
  return token!
}

const MODES: ThemeMode[] = ['light', 'dark']

afterEach(() => MODES.forEach((mode) => setPrecomputedMapToken(mode, null)))

describe.each(MODES)('the build-time map token, %s theme', (mode) => {
  it('is used as is: antd asks for exactly the seed it was derived from', () => {
    const compute = jest.fn(baseAlgorithm(mode))
    setPrecomputedMapToken(mode, precomputedMapToken(mode))
    const token = renderedToken({
      ...themeFor(mode),
      algorithm: precomputedAlgorithm(mode, compute),
    })
    expect(compute).not.toHaveBeenCalled()
    expect(token.colorPrimary).toBe(mode === 'dark' ? '#1867b6' : '#1976d2')
  })

  it('gives components the very token antd derives at run time', () => {
    const derived = renderedToken(themeFor(mode))
    setPrecomputedMapToken(mode, precomputedMapToken(mode))
    const precomputed = renderedToken(themeFor(mode))
    expect(precomputed).toEqual(derived)
    expect(precomputed.colorBgContainer).toBe(mode === 'dark' ? '#141414' : '#ffffff')
  })
})

describe('the precomputed algorithm', () => {
  const built = precomputedMapToken('light')
  const compute = jest.fn(() => ({ derived: true }) as never)
  beforeEach(() => compute.mockClear())

  it('answers from the build for its seed', () => {
    setPrecomputedMapToken('light', built)
    expect(precomputedAlgorithm('light', compute)({ ...built.seed } as never)).toEqual(built.map)
    expect(compute).not.toHaveBeenCalled()
  })

  it('derives the token for any other seed, another map to extend, or when nothing was built', () => {
    const algorithm = precomputedAlgorithm('light', compute)
    const seed = { ...built.seed } as never
    expect(algorithm(seed)).toEqual({ derived: true })
    setPrecomputedMapToken('light', built)
    expect(algorithm({ ...built.seed, colorPrimary: '#00ff00' } as never)).toEqual({
      derived: true,
    })
    expect(algorithm({ ...built.seed, extra: 1 } as never)).toEqual({ derived: true })
    expect(algorithm(seed, built.map as never)).toEqual({ derived: true })
    expect(precomputedAlgorithm('dark', compute)(seed)).toEqual({ derived: true })
    expect(compute).toHaveBeenCalledTimes(5)
  })
})

describe.each(MODES)("the build's token cache, %s theme", (mode) => {
  const built = precomputedMapToken(mode)
  const tokens = built.tokens!
  const ours = () => createTheme(themeFor(mode).algorithm as never)

  it("is what antd's useCacheToken computes at run time, under the key it computes", () => {
    const cache = createCache()
    renderedToken(themeFor(mode), cache)
    const entries = [...(cache.cache as Map<string, [number, unknown[]]>)].filter(([key]) =>
      key.startsWith('token%'),
    )
    expect(entries).toHaveLength(1)
    const [key, [, value]] = entries[0]!
    const [, salt, themeId, ...rest] = key.split('%')
    expect(themeId).toMatch(/^\d+$/)
    expect(tokens.key).toBe([salt, ...rest].join('%'))
    expect(value[0]).toEqual(tokens.withCssVar)
    expect(value[2]).toEqual(tokens.alias)
    expect(value[3]).toBe(tokens.cssVarsStr)
    expect(tokens.cssVarsStr).toContain(`.abal-${mode}{`)
    expect(tokens.alias.colorPrimary).toBe(mode === 'dark' ? '#1867b6' : '#1976d2')
  })

  it('answers for our theme and that key with copies antd may keep and change', () => {
    setPrecomputedMapToken(mode, built)
    const answer = builtTokenCache(ours(), tokens.key)!
    expect(answer).toEqual([tokens.withCssVar, tokens.alias, tokens.cssVarsStr])
    answer[1].colorPrimary = '#000000'
    ;(answer[1].Layout as Record<string, unknown>).bodyBg = '#000000'
    answer[0].colorPrimary = 'none'
    expect(tokens.alias.colorPrimary).not.toBe('#000000')
    expect(tokens.withCssVar.colorPrimary).not.toBe('none')
    expect((tokens.alias.Layout as Record<string, unknown>).bodyBg).not.toBe('#000000')
    expect(builtTokenCache(ours(), tokens.key)).toEqual([
      tokens.withCssVar,
      tokens.alias,
      tokens.cssVarsStr,
    ])
  })

  it('leaves antd to compute any other key, theme or algorithm, or when nothing was built', () => {
    expect(builtTokenCache(ours(), tokens.key)).toBeUndefined()
    setPrecomputedMapToken(mode, built)
    expect(builtTokenCache(ours(), `${tokens.key}x`)).toBeUndefined()
    const other = mode === 'dark' ? 'light' : 'dark'
    expect(
      builtTokenCache(createTheme(themeFor(other).algorithm as never), tokens.key),
    ).toBeUndefined()
    expect(builtTokenCache(createTheme(baseAlgorithm(mode)), tokens.key)).toBeUndefined()
    expect(
      builtTokenCache(
        createTheme([themeFor(mode).algorithm, theme.compactAlgorithm] as never),
        tokens.key,
      ),
    ).toBeUndefined()
  })
})
