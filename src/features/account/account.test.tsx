import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TOKEN_KEY } from '../../app/api'
import { emptyFrameRoutes, fakeToken, mockServerForEachTest } from '../../testing/mockServer'
import { renderRoute, slow } from '../../testing/renderWithProviders'

// The lazy screens load slowly on a busy machine.
jest.setTimeout(90_000)

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

  it('does not ask again for the one-time password typed at sign-in', async () => {
    server.on('POST', '/api/login', {
      json: {
        success: true,
        token: fakeToken({ id: 7, username: 'hanna' }),
        user: { id: 7, username: 'hanna', role: 'clerk', must_change_password: true },
      },
    })
    server.on('POST', '/api/me/password', { status: 204 })
    const user = userEvent.setup()
    const { router } = renderRoute('/login')
    await user.type(await screen.findByLabelText('Username', {}, slow), 'hanna')
    await user.type(screen.getByLabelText('Password'), 'Xq3secret12ab')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    const next = await screen.findByLabelText('New password', {}, slow)
    expect(router.state.location.pathname).toBe('/account/password')
    expect(screen.queryByLabelText('Current password')).toBeNull()
    await user.type(next, 'a-long-new-password')
    await user.type(screen.getByLabelText('Repeat the new password'), 'a-long-new-password')
    const form = next.closest('.ant-card') as HTMLElement
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration'), slow)
    const sent = server.requests.find((r) => r.path === '/api/me/password')!
    expect(sent.body).toEqual({
      current_password: 'Xq3secret12ab',
      new_password: 'a-long-new-password',
    })
  })
})
