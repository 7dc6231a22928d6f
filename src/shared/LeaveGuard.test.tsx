import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { renderRoute } from '../testing/renderWithProviders'
import { LeaveGuard, mayLeave, useGuardedNavigate } from './LeaveGuard'

/** A screen with a field: changed, it guards; the "menu" leaves through the guarded navigate. */
function Editor() {
  const [value, setValue] = useState('')
  const navigate = useGuardedNavigate()
  return (
    <>
      <LeaveGuard when={value !== ''} />
      <input aria-label="Name" value={value} onChange={(e) => setValue(e.target.value)} />
      <button type="button" onClick={() => navigate('/elsewhere')}>
        Menu
      </button>
    </>
  )
}

const routes = [
  { path: '/edit', element: <Editor /> },
  { path: '/elsewhere', element: <p>Elsewhere</p> },
]

describe('asking before unsaved changes are left (issue 42)', () => {
  it('leaves at once without changes', async () => {
    const { router } = renderRoute('/edit', { routes })
    await expect(mayLeave()).resolves.toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'))
  })

  it('asks with changes: Stay keeps them, Leave goes, and a reload gets the browser question', async () => {
    const { router } = renderRoute('/edit', { routes })
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Abebe' } })
    const unload = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(unload)
    expect(unload.defaultPrevented).toBe(true)

    fireEvent.click(screen.getByRole('button', { name: 'Menu' }))
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    expect(dialog).toHaveTextContent('Your changes are not saved yet')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay and keep editing' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/edit')
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Abebe')

    fireEvent.click(screen.getByRole('button', { name: 'Menu' }))
    const again = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    fireEvent.click(within(again).getByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'))
    // Gone with its screen: nothing is guarded any more.
    await expect(mayLeave()).resolves.toBe(true)
  })
})

describe("the browser's Back button with unsaved changes (issue 42)", () => {
  const popped = () =>
    new Promise<void>((resolve) =>
      window.addEventListener('popstate', () => resolve(), { once: true }),
    )

  // The window's history outlives each test (the routes are in memory): a clean entry first.
  beforeEach(() => window.history.pushState(null, '', '/edit'))

  it('asks: Stay stands on the page again, Leave goes back past it', async () => {
    const { router } = renderRoute('/edit', { routes })
    const before = window.history.length
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Abebe' } })
    // The page stands on an extra entry of its own address.
    expect(window.history.length).toBe(before + 1)
    expect(window.history.state).toMatchObject({ abalLeaveGuard: true })

    let back = popped()
    window.history.back()
    await back
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay and keep editing' }))
    await waitFor(() => expect(window.history.state).toMatchObject({ abalLeaveGuard: true }))
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Abebe')
    expect(router.state.location.pathname).toBe('/edit')

    back = popped()
    window.history.back()
    await back
    const again = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    const leaving = jest.spyOn(window.history, 'back')
    fireEvent.click(within(again).getByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(leaving).toHaveBeenCalledTimes(1))
    leaving.mockRestore()
  })

  it('takes its extra entry away once the changes are saved or undone', async () => {
    renderRoute('/edit', { routes })
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Abebe' } })
    expect(window.history.state).toMatchObject({ abalLeaveGuard: true })
    const back = popped()
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: '' } })
    await back
    expect(window.history.state?.abalLeaveGuard).toBeUndefined()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
