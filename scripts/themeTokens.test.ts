import { createCache, StyleProvider } from '@ant-design/cssinjs'
import { ConfigProvider, type GlobalToken, theme } from 'antd'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { baseAlgorithm, themeFor } from '../src/app/theme'
import { precomputedAlgorithm, setPrecomputedMapToken } from '../src/app/themeTokens'
import type { ThemeMode } from '../src/features/preferences'
import { precomputedMapToken } from './themeTokens'

/** The token antd's ConfigProvider gives its components, from a cache of its own. */
function renderedToken(config: ReturnType<typeof themeFor>): GlobalToken {
  let token: GlobalToken | undefined
  const Probe = () => {
    token = theme.useToken().token
    return null
  }
  renderToStaticMarkup(
    createElement(
      StyleProvider,
      { cache: createCache() },
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
