import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TOKEN_KEY } from '../../app/api'
import { emptyFrameRoutes, mockServerForEachTest } from '../../testing/mockServer'
import { renderRoute } from '../../testing/renderWithProviders'

// The lazy screens load slowly on a busy machine.
jest.setTimeout(90_000)
const slow = { timeout: 20_000 }

const server = mockServerForEachTest({
  width: 1280,
  routes: emptyFrameRoutes,
})

const clerk = { id: 2, username: 'hanna' }

describe('sign-out ends the session on the server (issue 23 §3)', () => {
  it('calls POST /api/logout with the token before clearing the device', async () => {
    let tokenAtLogout: string | null = null
    server.on('POST', '/api/logout', (req) => {
      tokenAtLogout = req.headers.get('authorization')
      return { status: 204 }
    })
    const user = userEvent.setup()
    const { router, store } = renderRoute('/members', { signedInAs: clerk })
    await user.click(await screen.findByRole('button', { name: /Logout/ }, slow))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), slow)
    expect(tokenAtLogout).toMatch(/^Bearer \S+/)
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
    expect(store.getState().auth.status).toBe('signedOut')
  })

  it('still clears the device when the server cannot be reached', async () => {
    server.on('POST', '/api/logout', 'network-error')
    const user = userEvent.setup()
    const { router, store } = renderRoute('/members', { signedInAs: clerk })
    await user.click(await screen.findByRole('button', { name: /Logout/ }, slow))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), slow)
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
    expect(store.getState().auth.status).toBe('signedOut')
  })
})

describe('an auditor', () => {
  it('sees no Registration entry; the list asks for every account', async () => {
    renderRoute('/members', { signedInAs: { id: 5, username: 'board', role: 'auditor' } })
    expect(await screen.findByRole('button', { name: /Members/ }, slow)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Registration/ })).not.toBeInTheDocument()
    await waitFor(
      () => expect(server.requests.some((r) => r.search.get('owner') === 'all')).toBe(true),
      slow,
    )
  })
})

describe('a first sign-in with a one-time password', () => {
  it('lands on the registration screen with a confirmation once the password is chosen', async () => {
    server.on('POST', '/api/me/password', { status: 204 })
    const user = userEvent.setup()
    const { router } = renderRoute('/account/password', {
      signedInAs: { id: 7, username: 'hanna', role: 'clerk', mustChangePassword: true },
    })
    await user.type(await screen.findByLabelText('Current password', {}, slow), 'Xq3secret12ab')
    await user.type(screen.getByLabelText('New password'), 'a-long-new-password')
    await user.type(screen.getByLabelText('Repeat the new password'), 'a-long-new-password')
    const form = screen.getByLabelText('Current password').closest('.ant-card') as HTMLElement
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration'), slow)
    expect(
      await screen.findByText('Your password is set. You can now register members.', {}, slow),
    ).toBeInTheDocument()
  })
})
