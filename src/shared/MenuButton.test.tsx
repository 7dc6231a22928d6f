import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MenuButton } from './MenuButton'

const ITEMS = [
  { key: 'one', label: 'One' },
  { key: 'two', label: 'Two' },
  { key: 'three', label: 'Three', separated: true },
]

function setup() {
  const onSelect = jest.fn()
  render(
    <>
      <MenuButton label="Menu" icon={<span />} items={ITEMS} onSelect={onSelect} />
      <p>elsewhere</p>
    </>,
  )
  return { onSelect, user: userEvent.setup(), button: screen.getByRole('button', { name: 'Menu' }) }
}

const item = (name: string) => screen.getByRole('menuitem', { name })

describe('MenuButton (WAI-ARIA menu button)', () => {
  it('is closed at first and says it opens a menu', () => {
    const { button } = setup()
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(button).toHaveAttribute('aria-haspopup', 'menu')
    expect(button).toHaveAttribute('aria-expanded', 'false')
  })

  it('a click opens it on the first item; a click on an item chooses it and closes', async () => {
    const { button, user, onSelect } = setup()
    await user.click(button)
    expect(screen.getByRole('menu', { name: 'Menu' })).toBeInTheDocument()
    expect(button).toHaveAttribute('aria-expanded', 'true')
    expect(button).toHaveAttribute('aria-controls', screen.getByRole('menu').id)
    expect(item('One')).toHaveFocus()
    expect(screen.getAllByRole('separator')).toHaveLength(1)
    await user.click(item('Two'))
    expect(onSelect).toHaveBeenCalledWith('two')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(button).toHaveFocus()
  })

  it('arrows wrap around, Home and End jump, Enter chooses', async () => {
    const { button, user, onSelect } = setup()
    button.focus()
    // Each step: the keys pressed, then the item that must have the focus.
    for (const [keys, focused] of [
      ['{ArrowUp}', 'Three'],
      ['{ArrowDown}', 'One'],
      ['{ArrowUp}', 'Three'],
      ['{Home}', 'One'],
      ['{End}{ArrowUp}', 'Two'],
    ]) {
      await user.keyboard(keys)
      expect(item(focused)).toHaveFocus()
    }
    await user.keyboard('{Enter}')
    expect(onSelect).toHaveBeenCalledTimes(1)
    expect(onSelect).toHaveBeenCalledWith('two')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  })

  it('Escape closes back onto the button without choosing; so does a press elsewhere', async () => {
    const { button, user, onSelect } = setup()
    button.focus()
    await user.keyboard('{ArrowDown}')
    expect(item('One')).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(button).toHaveFocus()
    await user.click(button)
    expect(screen.getByRole('menu')).toBeInTheDocument()
    await user.click(screen.getByText('elsewhere'))
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(onSelect).not.toHaveBeenCalled()
  })

  it('a second click on the button closes it; Space on an item chooses it', async () => {
    const { button, user, onSelect } = setup()
    await user.click(button)
    await user.click(button)
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    await user.click(button)
    await user.keyboard('{ArrowDown} ')
    expect(onSelect).toHaveBeenCalledWith('two')
  })
})
