import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithProviders } from '../../testing/renderWithProviders'
import { ProfileHeader } from './ProfileHeader'

const originalWidth = window.innerWidth
afterEach(() => {
  window.innerWidth = originalWidth
})

function setup(width: number) {
  window.innerWidth = width
  const handlers = {
    onBack: jest.fn(),
    onTransfer: jest.fn(),
    onIdCard: jest.fn(),
    onEdit: jest.fn(),
    onCancel: jest.fn(),
  }
  renderWithProviders(<ProfileHeader mode="view" {...handlers} />, {
    signedInAs: { id: 1, username: 'admin', role: 'admin' },
  })
  return handlers
}

describe('profile header on a phone (issue 28)', () => {
  it('keeps Back and Edit as buttons and puts Transfer and ID card in a menu', async () => {
    const handlers = setup(375)
    expect(screen.getByRole('button', { name: /Back/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Edit/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Transfer/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /Generate ID Card/ })).toBeNull()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'More actions' }))
    await user.click(screen.getByRole('menuitem', { name: /Transfer/ }))
    expect(handlers.onTransfer).toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'More actions' }))
    await user.click(screen.getByRole('menuitem', { name: /Generate ID Card/ }))
    expect(handlers.onIdCard).toHaveBeenCalled()
  })

  it('shows every action as a button on a wide screen', () => {
    setup(1280)
    expect(screen.getByRole('button', { name: /Transfer/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Generate ID Card/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull()
  })
})
