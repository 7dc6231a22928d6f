import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TOKEN_KEY } from '../../app/api'
import { fakeToken, installMockServer, type MockServer } from '../../testing/mockServer'
import { renderRoute } from '../../testing/renderWithProviders'
import LoginScreen from './LoginScreen'

let server: MockServer
beforeEach(() => {
  server = installMockServer()
})
afterEach(() => {
  server.restore()
})

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

  it('stores the token and goes to /registration on success', async () => {
    const token = fakeToken({ id: 3, username: 'abebe' })
    server.on('POST', '/api/login', {
      json: { success: true, token, user: { id: 3, username: 'abebe' } },
    })
    const { router, store } = renderRoute('/login')
    await signIn()
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration'))
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token)
    expect(store.getState().auth).toMatchObject({
      status: 'signedIn',
      user: { id: 3, username: 'abebe' },
    })
    expect(server.requests[0].body).toEqual({ username: 'abebe', password: 'secret-pass' })
  })

  it('takes an auditor, who registers no one, to the member list instead', async () => {
    const user = { id: 4, username: 'board', role: 'auditor' }
    server.on('POST', '/api/login', { json: { success: true, token: fakeToken(user), user } })
    const { router } = renderRoute('/login')
    await signIn('board')
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'))
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
      "too many attempts, in the user's language whatever the server wrote",
      { status: 429, json: { success: false, message: 'Too many.' } },
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    ],
    [
      'a server too busy checking passwords',
      { status: 503, json: { success: false, message: 'Busy.' } },
      'The server is busy signing people in. Please try again in a moment.',
    ],
    [
      'another failure with a message',
      { status: 400, json: { success: false, message: 'Username is required.' } },
      'Username is required.',
    ],
    [
      'another failure without a message',
      { status: 418, body: 'teapot' },
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

  it('speaks Amharic by default', async () => {
    renderRoute('/login', { language: 'am' })
    expect(await screen.findByText('እባክዎ ያለዎትን የመረጃ ቋት መለያ ተጠቅመው ይግቡ።')).toBeInTheDocument()
  })
})
