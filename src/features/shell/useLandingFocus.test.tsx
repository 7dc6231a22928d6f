import { act, screen, waitFor } from '@testing-library/react'
import { useEffect, useRef } from 'react'
import { renderRoute } from '../../testing/renderWithProviders'
import { AppLayout } from './AppLayout'

function OwnFocus() {
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.focus(), [])
  return (
    <>
      <h1>Search</h1>
      <input ref={input} aria-label="Search box" />
    </>
  )
}

const routes = [
  {
    element: <AppLayout />,
    children: [
      { path: '/first', element: <h1>First screen</h1> },
      { path: '/second', element: <h2>Second screen</h2> },
      { path: '/own', element: <OwnFocus /> },
    ],
  },
]
const admin = { id: 1, username: 'admin' }

describe('where focus lands (issue 28)', () => {
  it("on the screen's heading after arriving, then on the next screen's", async () => {
    const { router } = renderRoute('/first', { signedInAs: admin, routes })
    const heading = await screen.findByRole('heading', { name: 'First screen' })
    await waitFor(() => expect(heading).toHaveFocus())
    await act(() => router.navigate('/second'))
    const next = await screen.findByRole('heading', { name: 'Second screen' })
    await waitFor(() => expect(next).toHaveFocus(), { timeout: 3000 })
  })

  it('leaves alone a screen that focused a field of its own', async () => {
    renderRoute('/own', { signedInAs: admin, routes })
    const box = await screen.findByRole('textbox', { name: 'Search box' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(box).toHaveFocus()
  })
})
