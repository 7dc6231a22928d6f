import { act, screen } from '@testing-library/react'
import { theme } from 'antd'
import { mediaQueryList } from '../testing/setupClient'
import { renderWithProviders } from '../testing/renderWithProviders'

/** What antd's components read: whether they animate, and how long a short animation lasts. */
function Motion() {
  const { token } = theme.useToken()
  return <output>{`${token.motion} ${token.motionDurationMid}`}</output>
}

/** A device whose reduced-motion setting this test turns on and off, as a user would. */
function deviceWithMotionSetting(reduce: boolean) {
  const listeners = new Set<EventListener>()
  jest.spyOn(window, 'matchMedia').mockImplementation((query) => {
    if (!query.includes('prefers-reduced-motion')) return mediaQueryList(query)
    return {
      ...mediaQueryList(query),
      matches: reduce,
      addEventListener: (_: string, listener: EventListener) => void listeners.add(listener),
      removeEventListener: (_: string, listener: EventListener) => void listeners.delete(listener),
    }
  })
  return (next: boolean) => {
    reduce = next
    act(() => listeners.forEach((listener) => listener(new Event('change'))))
  }
}

afterEach(() => jest.restoreAllMocks())

describe('antd motion follows the device', () => {
  it('animates where the device has no preference', async () => {
    renderWithProviders(<Motion />)
    expect(await screen.findByRole('status')).toHaveTextContent('true 0.2s')
  })

  it('stops animating under "reduce motion", and starts again when it is turned off', async () => {
    const setReduce = deviceWithMotionSetting(true)
    renderWithProviders(<Motion />)
    expect(await screen.findByRole('status')).toHaveTextContent('false 0s')
    setReduce(false)
    expect(screen.getByRole('status')).toHaveTextContent('true 0.2s')
  })
})
