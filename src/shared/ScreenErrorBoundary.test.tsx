import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Suspense } from 'react'
import { renderRoute } from '../testing/renderWithProviders'
import { isChunkLoadError, retryableLazy, ScreenErrorBoundary } from './ScreenErrorBoundary'

function chunkError() {
  const error = new Error('Loading chunk 123 failed.\n(error: http://x/assets/123.js)')
  error.name = 'ChunkLoadError'
  return error
}

function routesFor(Screen: () => React.ReactNode) {
  return [
    {
      path: '/x',
      element: (
        <ScreenErrorBoundary>
          <Suspense fallback={<p>loading</p>}>
            <Screen />
          </Suspense>
        </ScreenErrorBoundary>
      ),
    },
  ]
}

describe('ScreenErrorBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined))
  afterEach(() => jest.restoreAllMocks())

  it('recognises webpack chunk and CSS chunk failures only', () => {
    expect(isChunkLoadError(chunkError())).toBe(true)
    expect(isChunkLoadError(new Error('Loading CSS chunk 9 failed.\n(/assets/9.css)'))).toBe(true)
    expect(isChunkLoadError(new TypeError('x is undefined'))).toBe(false)
    expect(isChunkLoadError(null)).toBe(false)
  })

  it('shows the offline message for a chunk that fails, and Try again loads it anew', async () => {
    let online = false
    const load = jest.fn(async () => {
      if (!online) throw chunkError()
      return { default: () => <p>the screen</p> }
    })
    const Screen = retryableLazy(load)
    renderRoute('/x', { routes: routesFor(Screen) })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This screen can't be loaded while offline",
    )
    const failedLoads = load.mock.calls.length
    online = true
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('the screen')).toBeInTheDocument()
    expect(load.mock.calls.length).toBeGreaterThan(failedLoads)
  })

  it('says the screen could not be shown when it throws for another reason', async () => {
    const Broken = () => {
      throw new TypeError('boom')
    }
    renderRoute('/x', { routes: routesFor(Broken) })
    expect(await screen.findByRole('alert')).toHaveTextContent('This screen could not be shown')
  })
})
