import { Flex } from 'antd'
import type { ComponentProps } from 'react'
import { renderWithProviders } from '../testing/renderWithProviders'
import { LightFlex, type LightFlexProps } from './LightFlex'

/** The props the sign-in screen gives its rows and columns, and a few neighbours. */
const CASES: [string, LightFlexProps][] = [
  ['the page', { vertical: true, align: 'center', justify: 'center', className: 'login-page' }],
  ['the brand', { vertical: true, align: 'center', gap: 4, style: { marginBottom: 24 } }],
  ['the preferences row', { justify: 'center', style: { marginTop: 16 } }],
  ['the install button row', {}],
  ['the preference buttons', { gap: 4, wrap: true, title: 'row' }],
  ['a plain column', { vertical: true }],
  ['a preset gap', { gap: 'small', align: 'baseline', justify: 'space-between' }],
]

describe('LightFlex', () => {
  it.each(
    CASES.flatMap(([name, props]) =>
      (['light', 'dark'] as const).map((mode) => [name, mode, props] as const),
    ),
  )('renders what antd Flex renders: %s, %s theme', (name, mode, props) => {
    const options = {
      preloadedState: { preferences: { language: 'en', themeMode: mode } } as never,
    }
    const antd = renderWithProviders(
      <Flex {...(props as ComponentProps<typeof Flex>)}>
        <span>{name}</span>
      </Flex>,
      options,
    )
    const light = renderWithProviders(
      <LightFlex {...props}>
        <span>{name}</span>
      </LightFlex>,
      options,
    )
    expect(light.container.innerHTML).toBe(antd.container.innerHTML)
    expect(light.container.firstElementChild).toHaveClass('ant-flex', `abal-${mode}`)
  })
})
