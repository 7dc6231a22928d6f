import { screen, waitFor } from '@testing-library/react'
import { TOKEN_KEY } from './api'
import { forgetSessionOnStart } from './startup'
import { installMockServer, type MockServer } from '../testing/mockServer'
import { renderRoute, setupStore } from '../testing/renderWithProviders'

let server: MockServer
beforeEach(() => {
  server = installMockServer()
  server.on('GET', '/api/users', { json: [] })
  server.on('GET', /\/api\/members/, { json: { items: [], total: 0, next_cursor: null } })
})
afterEach(() => server.restore())

describe('routes (spec 2.1)', () => {
  it.each([
    '/home',
    '/home/report',
    '/registration',
    '/members',
    '/member/12',
    '/member/edit/12',
    '/member/idcard/12',
  ])('a signed-out visit to %s goes to /login', async (path) => {
    const { router } = renderRoute(path)
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it.each(['/', '/no/such/page'])('%s redirects to /login', async (path) => {
    const { router } = renderRoute(path)
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('/login with a stored token goes to /registration', async () => {
    const { router } = renderRoute('/login', { signedInAs: { id: 1, username: 'admin' } })
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration'))
  })

  it("/login with an auditor's token goes to /members: an auditor registers no one", async () => {
    const { router } = renderRoute('/login', {
      signedInAs: { id: 4, username: 'board', role: 'auditor' },
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'))
  })

  it('a signed-in user reaches protected routes and sees the top bar', async () => {
    const width = window.innerWidth
    window.innerWidth = 1280 // the desktop top bar, with Logout as a button of its own
    try {
      const { router } = renderRoute('/members', { signedInAs: { id: 1, username: 'admin' } })
      expect(await screen.findByRole('button', { name: /Logout/ })).toBeInTheDocument()
      expect(router.state.location.pathname).toBe('/members')
    } finally {
      window.innerWidth = width
    }
  })

  it('/debug is public', async () => {
    const { router } = renderRoute('/debug')
    expect(await screen.findByRole('button', { name: 'Test Health' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/debug')
  })
})

describe('start-up (spec 2.1)', () => {
  it('removes the stored token, so the next load needs a fresh sign-in', async () => {
    localStorage.setItem(TOKEN_KEY, 'left-over-token')
    localStorage.setItem('language', 'en')
    forgetSessionOnStart()
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
    expect(localStorage.getItem('language')).toBe('en')
    const { store } = setupStore()
    expect(store.getState().auth.status).toBe('signedOut')
    const { router } = renderRoute('/registration')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('a 401 from the server ends the session', async () => {
    server.on('GET', '/api/members', {
      status: 401,
      json: { success: false, message: 'Authentication required' },
    })
    const { store } = setupStore({ signedInAs: { id: 1, username: 'admin' } })
    const { api } = await import('./api')
    const endpoint = api.injectEndpoints({
      endpoints: (build) => ({
        probeMembers: build.query<unknown, void>({ query: () => 'api/members' }),
      }),
      overrideExisting: true,
    })
    await store.dispatch(endpoint.endpoints.probeMembers.initiate())
    expect(store.getState().auth.status).toBe('signedOut')
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
  })
})
