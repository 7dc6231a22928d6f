import { CloseOutlined, DownloadOutlined, GlobalOutlined } from '@ant-design/icons'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Button } from 'antd'
import type { ComponentProps } from 'react'
import { renderWithProviders } from '../testing/renderWithProviders'
import { LightButton, type LightButtonProps } from './LightButton'

/** The props the sign-in screen gives its buttons, each as antd's Button takes them too. */
const CASES: [string, LightButtonProps][] = [
  ['Login', { type: 'primary', htmlType: 'submit', size: 'large', block: true }],
  [
    'Login while signing in',
    { type: 'primary', htmlType: 'submit', size: 'large', block: true, loading: true },
  ],
  [
    'Install App',
    { type: 'primary', icon: <DownloadOutlined aria-hidden />, 'aria-expanded': false },
  ],
  [
    'Install App while the prompt is open',
    { type: 'primary', icon: <DownloadOutlined aria-hidden />, loading: true },
  ],
  [
    'close the banner',
    {
      type: 'text',
      size: 'small',
      icon: <CloseOutlined aria-hidden />,
      'aria-label': 'Close',
      style: { position: 'absolute', top: 10, right: 10, color: 'red' },
    },
  ],
  ['the language', { type: 'text', icon: <GlobalOutlined />, 'aria-haspopup': 'menu' }],
  ['a plain button', {}],
]

const contentOf = (name: string, props: LightButtonProps) =>
  props.icon && name === 'close the banner' ? undefined : <span lang="en">{name}</span>

describe('LightButton', () => {
  it.each(
    CASES.flatMap(([name, props]) =>
      (['light', 'dark'] as const).map((mode) => [name, mode, props] as const),
    ),
  )('renders what antd Button renders: %s, %s theme', (name, mode, props) => {
    const preferencesFor = (themeMode: 'light' | 'dark') => ({
      preloadedState: { preferences: { language: 'en', themeMode } } as never,
    })
    const antd = renderWithProviders(
      <Button {...(props as ComponentProps<typeof Button>)}>{contentOf(name, props)}</Button>,
      preferencesFor(mode),
    )
    const light = renderWithProviders(
      <LightButton {...props}>{contentOf(name, props)}</LightButton>,
      preferencesFor(mode),
    )
    expect(light.container.innerHTML).toBe(antd.container.innerHTML)
    expect(light.container.querySelector('button')).toHaveClass(`abal-${mode}`)
  })

  it('passes a press on, and ignores it while loading', async () => {
    const user = userEvent.setup()
    const onClick = jest.fn()
    const { rerender } = renderWithProviders(
      <LightButton type="primary" onClick={onClick}>
        <span>Install</span>
      </LightButton>,
    )
    await user.click(screen.getByRole('button', { name: 'Install' }))
    expect(onClick).toHaveBeenCalledTimes(1)
    rerender(
      <LightButton type="primary" onClick={onClick} loading>
        <span>Install</span>
      </LightButton>,
    )
    await user.click(screen.getByRole('button', { name: /Install/ }))
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('submits its form unless it is loading', async () => {
    const user = userEvent.setup()
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault())
    const form = (loading: boolean) => (
      <form onSubmit={onSubmit}>
        <LightButton type="primary" htmlType="submit" loading={loading}>
          <span>Login</span>
        </LightButton>
      </form>
    )
    const { rerender } = renderWithProviders(form(false))
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(onSubmit).toHaveBeenCalledTimes(1)
    rerender(form(true))
    await user.click(screen.getByRole('button', { name: /Login/ }))
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })
})
