import 'fake-indexeddb/auto'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { webcrypto } from 'node:crypto'
import { TOKEN_KEY } from '../../app/api'
import { loggedOut } from '../../app/sessionEvents'
import { fakeToken, installMockServer, type MockServer } from '../../testing/mockServer'
import { renderRoute } from '../../testing/renderWithProviders'
import LoginScreen from './LoginScreen'
import { readVerifier } from './offlineVerifier'
import { emptyDevice } from '../../testing/device'

let server: MockServer
const routes = [
  { path: '/login', element: <LoginScreen /> },
  { path: '/home', element: <p>home</p> },
  { path: '/registration', element: <p>wizard</p> },
]

// jsdom has no SubtleCrypto: Node's WebCrypto is the same standard API.
beforeAll(() => {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true })
})
beforeEach(async () => {
  await emptyDevice()
  server = installMockServer()
})
afterEach(() => {
  jest.restoreAllMocks()
  server.restore()
  localStorage.clear()
})

async function signIn(password: string, username = 'abebe') {
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText('Username'), username)
  await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Login' }))
}

/** An online sign-in that leaves the account's verifier on the device. */
async function signInOnlineOnce(mustChangePassword = false) {
  server.on('POST', '/api/login', {
    json: {
      success: true,
      token: fakeToken({ id: 3, username: 'abebe' }),
      user: { id: 3, username: 'abebe', role: 'clerk', must_change_password: mustChangePassword },
    },
  })
  const first = renderRoute('/login', { routes })
  await signIn('selam-2019')
  await waitFor(() => expect(first.store.getState().auth.status).toBe('signedIn'))
  if (!mustChangePassword)
    await waitFor(async () => expect(await readVerifier('abebe')).toBeDefined())
  first.unmount()
  localStorage.removeItem(TOKEN_KEY)
  server.on('POST', '/api/login', 'network-error')
}

describe('signing in without the server (issue 42)', () => {
  it('opens an offline session on the password last used online, without a token', async () => {
    await signInOnlineOnce()
    const { store, router } = renderRoute('/login', { routes })
    await signIn('selam-2019')
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration'))
    expect(store.getState().auth).toMatchObject({
      status: 'signedInOffline',
      token: null,
      user: { id: 3, username: 'abebe', role: 'clerk' },
    })
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
  })

  it('refuses a wrong password offline, and makes the next try wait', async () => {
    await signInOnlineOnce()
    const { store, router } = renderRoute('/login', { routes })
    // The clock stands still: the wait after the wrong password is not over at the next try.
    jest.spyOn(Date, 'now').mockReturnValue(Date.now())
    await signIn('selam-2018')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'this password is not the one last used on this device',
    )
    expect(store.getState().auth.status).toBe('failed')
    const user = userEvent.setup()
    const password = screen.getByLabelText('Password')
    await user.clear(password)
    await user.type(password, 'selam-2019')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(/Please wait 1 s and try again/),
    )
    expect(router.state.location.pathname).toBe('/login')
  })

  it('says the server cannot be reached for an account never signed in on this device', async () => {
    await signInOnlineOnce()
    renderRoute('/login', { routes })
    await signIn('selam-2019', 'almaz')
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot connect to server')
  })

  it('keeps no verifier for a temporary password', async () => {
    await signInOnlineOnce(true)
    // The listener has had its turn: nothing was written.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await readVerifier('abebe')).toBeUndefined()
  })

  it('forgets the verifier on logout', async () => {
    await signInOnlineOnce()
    const { store } = renderRoute('/login', { routes })
    await signIn('selam-2019')
    await waitFor(() => expect(store.getState().auth.status).toBe('signedInOffline'))
    act(() => {
      store.dispatch(loggedOut())
    })
    await waitFor(async () => expect(await readVerifier('abebe')).toBeUndefined())
  })

  it('forgets the verifier when the password is changed online', async () => {
    server.on('POST', '/api/me/password', { status: 204 })
    server.on('POST', '/api/login', {
      json: { success: true, token: fakeToken({ id: 3, username: 'abebe' }), user: { id: 3 } },
    })
    const { store } = renderRoute('/login', { routes })
    await signIn('selam-2019')
    await waitFor(async () => expect(await readVerifier('abebe')).toBeDefined())
    const { accountApi } = await import('../account')
    await store.dispatch(
      accountApi.endpoints.changePassword.initiate({
        current_password: 'selam-2019',
        new_password: 'new-pass-2020',
      }),
    )
    await waitFor(async () => expect(await readVerifier('abebe')).toBeUndefined())
  })
})
