import { act, screen, waitFor } from '@testing-library/react'
import { Profiler } from 'react'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import { renderWithProviders } from '../../testing/renderWithProviders'
import { InstallBanner } from './InstallBanner'
import { PwaPrompts } from './PwaPrompts'
import { pwaApi } from './pwaApi'
import { pwaActions } from './pwaSlice'

let server: MockServer
beforeEach(() => {
  server = installMockServer()
  server.on('GET', '/version.json', { status: 503, body: 'down' })
})
afterEach(() => server.restore())

/** Renders the PWA parts, counting the commits of each (React's Profiler). */
function renderCounted(parts: { prompts?: boolean; banner?: boolean }) {
  const renders = { prompts: 0, banner: 0 }
  const count = (id: string) => {
    renders[id as keyof typeof renders] += 1
  }
  const result = renderWithProviders(
    <>
      {parts.prompts && (
        <Profiler id="prompts" onRender={count}>
          <PwaPrompts />
        </Profiler>
      )}
      {parts.banner && (
        <Profiler id="banner" onRender={count}>
          <InstallBanner />
        </Profiler>
      )}
    </>,
  )
  return { renders, ...result }
}

describe('PWA parts re-render only for what they show', () => {
  it('the version check moving through its states re-renders neither', () => {
    const { store, renders } = renderCounted({ prompts: true, banner: true })
    const before = { ...renders }
    act(() => {
      store.dispatch(pwaActions.versionCheckStarted())
      store.dispatch(pwaActions.versionFirstSeen())
    })
    expect(store.getState().pwa.version).toBe('current')
    expect(renders).toEqual(before)
  })

  it('going offline re-renders the prompts with the notice', () => {
    const { store, renders } = renderCounted({ prompts: true })
    const before = renders.prompts
    act(() => {
      store.dispatch(pwaActions.connectionChanged(false))
    })
    expect(screen.getByRole('status')).toHaveTextContent('You are offline')
    expect(renders.prompts).toBe(before + 1)
  })

  it('the browser offering installation re-renders the banner', () => {
    const { store, renders } = renderCounted({ banner: true })
    expect(screen.getByRole('button', { name: 'Install App' })).toBeInTheDocument()
    const before = renders.banner
    act(() => {
      store.dispatch(pwaActions.promptOffered())
    })
    expect(store.getState().pwa.install).toBe('offered')
    expect(renders.banner).toBeGreaterThan(before)
  })
})

describe('the offline notice', () => {
  it('shows when a request reaches no server though the browser says online, and goes with the next answer', async () => {
    expect(navigator.onLine).toBe(true)
    server.on('GET', '/version.json', 'network-error')
    const { store } = renderWithProviders(<PwaPrompts />)
    // The version check at start is the first request; it gets no answer at all.
    expect(await screen.findByRole('status')).toHaveTextContent('You are offline')
    expect(store.getState().pwa.device.online).toBe(false)

    // An HTTP error is an answer: the server is reachable again.
    server.on('GET', '/version.json', { status: 503, body: 'down' })
    await act(async () => {
      await store.dispatch(
        pwaApi.endpoints.appVersion.initiate(1, { subscribe: false, forceRefetch: true }),
      )
    })
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument())
    expect(store.getState().pwa.device.online).toBe(true)
  })
})

describe('the install banner promises only what Abal does (issue 28)', () => {
  it('lists its own window and offline basics, and no push notifications', () => {
    renderWithProviders(<InstallBanner />)
    const benefits = screen.getAllByRole('listitem').map((item) => item.textContent)
    expect(benefits).toEqual([
      'Faster access from your home screen',
      'Offline basics: the app opens without a connection',
      'Opens in its own window, like any other app',
    ])
    expect(screen.queryByText(/notification/i)).toBeNull()
  })
})
