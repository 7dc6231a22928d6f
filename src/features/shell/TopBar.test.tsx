import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { TOKEN_KEY } from '../../app/api'
import { LeaveGuard } from '../../shared/LeaveGuard'
import { emptyFrameRoutes, mockServerForEachTest } from '../../testing/mockServer'
import { renderRoute } from '../../testing/renderWithProviders'
import { TopBar } from './TopBar'

// Each test sets the width it needs; the helper puts the window's own back.
const server = mockServerForEachTest({
  routes: emptyFrameRoutes,
})

const admin = { id: 1, username: 'admin' }

describe('top bar (spec 2.2)', () => {
  it('on a 375 px phone, Registration, Members and Logout live in the overflow menu', async () => {
    window.innerWidth = 375
    const user = userEvent.setup()
    const { router } = renderRoute('/registration', { signedInAs: admin })
    // The lazily loaded route may take a while on a busy machine.
    const menuButton = await screen.findByRole('button', { name: 'Menu' }, { timeout: 10_000 })
    expect(screen.queryByRole('button', { name: /Logout/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Members/ })).not.toBeInTheDocument()
    await user.click(menuButton)
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByText('Registration')).toBeInTheDocument()
    expect(within(menu).getByText('Logout')).toBeInTheDocument()
    await user.click(within(menu).getByText('Members'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'))
  })

  it.each([601, 800, 1199])(
    'at %i px Registration, Members and Logout are buttons; the newer entries share a menu',
    async (width) => {
      window.innerWidth = width
      const user = userEvent.setup()
      const { router } = renderRoute('/members', {
        signedInAs: { ...admin, role: 'admin' as const },
      })
      const logout = await screen.findByRole('button', { name: /Logout/ }, { timeout: 10_000 })
      const nav = screen.getByRole('navigation', { name: /navigation/i })
      expect(within(nav).getByRole('button', { name: /Registration/ })).toBeVisible()
      expect(within(nav).getByRole('button', { name: /Members/ })).toBeVisible()
      expect(within(nav).queryByRole('button', { name: /Home/ })).toBeNull()
      expect(logout).toBeVisible()
      await user.click(within(nav).getByRole('button', { name: 'Menu' }))
      const menu = await screen.findByRole('menu')
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual([
        'Home',
        'Households',
        'Import',
        'Day’s cash-up',
        'Dues reports',
        'Accounts',
        'History',
        'Deleted members',
        'Funds',
        'Church profile',
        'Change password',
      ])
      expect(within(nav).queryByRole('button', { name: /Households/ })).toBeNull()
      await user.click(within(menu).getByText('Home'))
      await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    },
  )

  it('on a wide screen the buttons sit in the bar', async () => {
    window.innerWidth = 1280
    renderRoute('/registration', { signedInAs: admin })
    expect(await screen.findByRole('button', { name: /Logout/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Registration/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument()
  })

  it('Logout clears the device storage, keeps the display preferences, and goes to /login', async () => {
    window.innerWidth = 1280
    localStorage.setItem('appVersion', '0.1.0')
    localStorage.setItem('installBannerDismissed', 'true')
    const user = userEvent.setup()
    const { router, store } = renderRoute('/members', { signedInAs: admin })
    await user.click(await screen.findByRole('button', { name: 'Dark mode' }))
    await user.click(screen.getByRole('button', { name: /Logout/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
    expect(localStorage.getItem('appVersion')).toBeNull()
    // A device setting (issue 28), like the theme.
    expect(localStorage.getItem('installBannerDismissed')).toBe('true')
    expect(localStorage.getItem('themeMode')).toBe('dark')
    expect(store.getState().auth.status).toBe('signedOut')
  })

  it('the theme toggle names the mode it switches to and persists the choice', async () => {
    window.innerWidth = 1280
    const user = userEvent.setup()
    renderRoute('/members', { signedInAs: admin })
    await user.click(await screen.findByRole('button', { name: 'Dark mode' }))
    expect(await screen.findByRole('button', { name: 'Light mode' })).toBeInTheDocument()
    await waitFor(() => expect(localStorage.getItem('themeMode')).toBe('dark'))
    expect(document.documentElement.dataset.theme).toBe('dark')
  })

  it('the language menu switches the interface and saves it under `language`', async () => {
    window.innerWidth = 1280
    const user = userEvent.setup()
    renderRoute('/members', { signedInAs: admin })
    await user.click(await screen.findByRole('button', { name: /^Language/ }))
    await user.click(await screen.findByText('አማርኛ'))
    expect(await screen.findByRole('button', { name: /ይውጡ/ })).toBeInTheDocument()
    await waitFor(() => expect(localStorage.getItem('language')).toBe('am'))
    expect(document.documentElement.lang).toBe('am')
  })

  it('the language menu is a keyboard menu: arrows, Home/End, Enter and Escape', async () => {
    window.innerWidth = 1280
    const user = userEvent.setup()
    renderRoute('/members', { signedInAs: admin })
    // Arrival puts focus on the heading first (useLandingFocus); then the clerk tabs up.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus())
    const button = screen.getByRole('button', { name: /^Language/ })
    button.focus()
    await user.keyboard('{Enter}')
    const checked = screen.getByRole('menuitemradio', { name: 'English' })
    expect(checked).toHaveFocus()
    expect(checked).toHaveAttribute('aria-checked', 'true')
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('menuitemradio', { name: 'አማርኛ' })).toHaveFocus()
    await user.keyboard('{End}')
    expect(screen.getByRole('menuitemradio', { name: 'Afaan Oromoo' })).toHaveFocus()
    await user.keyboard('{Home}')
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).toBeNull()
    expect(button).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(screen.getByRole('menuitemradio', { name: 'Afaan Oromoo' })).toHaveFocus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(localStorage.getItem('language')).toBe('om'))
  })
})

/** A screen with unsaved changes under the top bar. */
function EditingScreen() {
  const [value, setValue] = useState('')
  return (
    <>
      <TopBar />
      <LeaveGuard when={value !== ''} />
      <input aria-label="Name" value={value} onChange={(e) => setValue(e.target.value)} />
    </>
  )
}

describe('Logout with unsaved changes (issue 42)', () => {
  it('asks first: Stay keeps the session and the changes, Leave signs out', async () => {
    window.innerWidth = 1280
    const routes = [
      { path: '/edit', element: <EditingScreen /> },
      { path: '/login', element: <p>Login page</p> },
    ]
    const { router, store } = renderRoute('/edit', { routes, signedInAs: admin })
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Abebe' } })
    fireEvent.click(screen.getByRole('button', { name: /Logout/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay and keep editing' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(store.getState().auth.status).toBe('signedIn')
    expect(server.requests.some((r) => r.path === '/api/logout')).toBe(false)
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Abebe')

    fireEvent.click(screen.getByRole('button', { name: /Logout/ }))
    const again = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    fireEvent.click(within(again).getByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(store.getState().auth.status).toBe('signedOut')
    // One question only: the way to the sign-in page does not ask again.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
