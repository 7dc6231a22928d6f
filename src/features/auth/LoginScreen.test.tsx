import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TOKEN_KEY } from '../../app/api'
import { adoptPrerenderedLogin, takePrerenderedLogin } from '../../app/prerender/handoff'
import { fakeToken, installMockServer, type MockServer } from '../../testing/mockServer'
import { renderRoute } from '../../testing/renderWithProviders'
import LoginScreen from './LoginScreen'

// Counts the renders of one of the screen's children: each render of the screen renders it anew.
const mockPreferencesRendered = jest.fn()
jest.mock('./LoginPreferences', () => {
  const actual = jest.requireActual('./LoginPreferences')
  const { createElement } = jest.requireActual('react')
  return {
    ...actual,
    LoginPreferences: () => {
      mockPreferencesRendered()
      return createElement(actual.LoginPreferences)
    },
  }
})

let server: MockServer
beforeEach(() => {
  server = installMockServer()
})
afterEach(() => {
  server.restore()
  takePrerenderedLogin()
})

/** index.html's build-time form in a root of its own, adopted as start-up does (handoff.ts). */
function adoptBuildTimeForm(username = '') {
  const root = document.createElement('div')
  root.innerHTML = `<div class="login-page"><form><input id="login-username" name="username" /><input id="login-password" name="password" type="password" /></form></div>`
  document.body.append(root)
  adoptPrerenderedLogin(root)
  root.querySelector<HTMLInputElement>('#login-username')!.value = username
  root.remove()
}

async function signIn(username = 'abebe', password = 'secret-pass') {
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText('Username'), username)
  await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Login' }))
}

describe('login screen (spec 2.3, 8.1)', () => {
  it('shows the help line and asks for both fields before calling the server', async () => {
    renderRoute('/login')
    expect(
      await screen.findByText('Please use your existing database credentials to login.'),
    ).toBeInTheDocument()
    expect(screen.getByPlaceholderText('Your password')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Please enter your username')).toBeInTheDocument()
    expect(screen.getByText('Please enter your password')).toBeInTheDocument()
    expect(server.requests).toHaveLength(0)
  })

  it('stores the token and goes to /home on success', async () => {
    const token = fakeToken({ id: 3, username: 'abebe' })
    server.on('POST', '/api/login', {
      json: { success: true, token, user: { id: 3, username: 'abebe' } },
    })
    const { router, store } = renderRoute('/login')
    await signIn()
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token)
    expect(store.getState().auth).toMatchObject({
      status: 'signedIn',
      user: { id: 3, username: 'abebe' },
    })
    expect(server.requests[0].body).toEqual({ username: 'abebe', password: 'secret-pass' })
  })

  it('tells the app when credentials go to the server, not when a field is missing', async () => {
    server.on('POST', '/api/login', { status: 401, json: { success: false } })
    const onSignInStarted = jest.fn()
    renderRoute('/login', {
      routes: [{ path: '/login', element: <LoginScreen onSignInStarted={onSignInStarted} /> }],
    })
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Please enter your username')).toBeInTheDocument()
    expect(onSignInStarted).not.toHaveBeenCalled()
    await signIn()
    expect(onSignInStarted).toHaveBeenCalledTimes(1)
    expect(server.requests).toHaveLength(1)
  })

  it.each([
    [
      'HTTP 401',
      { status: 401, json: { success: false, message: 'nope' } },
      'Invalid username or password',
    ],
    [
      'HTTP 500',
      { status: 500, json: { message: 'boom' } },
      'Server error. Please try again later.',
    ],
    [
      'network failure',
      'network-error' as const,
      'Cannot connect to server. Please check your internet connection.',
    ],
    [
      'another failure with a message',
      { status: 429, json: { success: false, message: 'Too many failed sign-in attempts.' } },
      'Too many failed sign-in attempts.',
    ],
    [
      'another failure without a message',
      { status: 503, body: 'down' },
      'Invalid username or password',
    ],
    [
      'success false with a message',
      { json: { success: false, message: 'Account disabled' } },
      'Account disabled',
    ],
    ['success without a token', { json: { success: true } }, 'Invalid username or password'],
  ])('%s shows "%s"', async (_name, response, message) => {
    server.on('POST', '/api/login', response)
    const { router } = renderRoute('/login')
    await signIn()
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
  })

  it('takes over an untouched build-time form without rendering the screen twice', async () => {
    adoptBuildTimeForm()
    mockPreferencesRendered.mockClear()
    renderRoute('/login', { routes: [{ path: '/login', element: <LoginScreen /> }] })
    expect(await screen.findByLabelText('Username')).toHaveValue('')
    // Nothing was typed, so there is nothing to set: the first render is the only one.
    expect(mockPreferencesRendered).toHaveBeenCalledTimes(1)
  })

  it('keeps what was typed on the build-time form', async () => {
    adoptBuildTimeForm('abebe')
    renderRoute('/login', { routes: [{ path: '/login', element: <LoginScreen /> }] })
    expect(await screen.findByLabelText('Username')).toHaveValue('abebe')
    expect(screen.getByLabelText('Password')).toHaveValue('')
  })

  it('speaks Amharic by default', async () => {
    renderRoute('/login', { language: 'am' })
    expect(await screen.findByText('እባክዎ ያለዎትን የመረጃ ቋት መለያ ተጠቅመው ይግቡ።')).toBeInTheDocument()
  })
})
