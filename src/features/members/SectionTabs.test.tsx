import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { SectionTabs } from './SectionTabs'

type Key = 'one' | 'two' | 'three'

function Harness() {
  const [active, setActive] = useState<Key>('one')
  return (
    <SectionTabs
      activeKey={active}
      onChange={setActive}
      items={[
        { key: 'one', label: 'One', children: <input aria-label="First field" /> },
        { key: 'two', label: 'Two', children: <p>Second panel</p> },
        { key: 'three', label: 'Three', children: <p>Third panel</p> },
      ]}
    />
  )
}

const tab = (name: string) => screen.getByRole('tab', { name })

describe('SectionTabs', () => {
  it('is a tablist of tabs only, the selected one labelling the visible panel', () => {
    render(<Harness />)
    const list = screen.getByRole('tablist')
    expect([...list.children].map((child) => child.getAttribute('role'))).toEqual([
      'tab',
      'tab',
      'tab',
    ])
    expect(tab('One')).toHaveAttribute('aria-selected', 'true')
    expect(tab('Two')).toHaveAttribute('aria-selected', 'false')
    expect(screen.getByRole('tabpanel', { name: 'One' })).toContainElement(
      screen.getByRole('textbox', { name: 'First field' }),
    )
    expect(screen.queryByText('Second panel')).not.toBeInTheDocument()
  })

  it('moves with the arrow keys, Home and End, one tab stop at a time', () => {
    render(<Harness />)
    tab('One').focus()
    fireEvent.keyDown(tab('One'), { key: 'ArrowRight' })
    expect(tab('Two')).toHaveAttribute('aria-selected', 'true')
    expect(tab('Two')).toHaveFocus()
    expect(tab('Two')).toHaveAttribute('tabindex', '0')
    expect(tab('One')).toHaveAttribute('tabindex', '-1')
    fireEvent.keyDown(tab('Two'), { key: 'End' })
    expect(tab('Three')).toHaveFocus()
    fireEvent.keyDown(tab('Three'), { key: 'ArrowRight' })
    expect(tab('One')).toHaveFocus()
    fireEvent.keyDown(tab('One'), { key: 'ArrowLeft' })
    expect(tab('Three')).toHaveAttribute('aria-selected', 'true')
    fireEvent.keyDown(tab('Three'), { key: 'Home' })
    expect(tab('One')).toHaveAttribute('aria-selected', 'true')
  })

  it('keeps a visited panel, hidden, so what was typed there survives', () => {
    render(<Harness />)
    fireEvent.change(screen.getByRole('textbox', { name: 'First field' }), {
      target: { value: 'kept' },
    })
    fireEvent.click(tab('Two'))
    expect(screen.getByText('Second panel')).toBeVisible()
    expect(screen.queryByRole('textbox', { name: 'First field' })).not.toBeInTheDocument()
    fireEvent.click(tab('One'))
    expect(screen.getByRole('textbox', { name: 'First field' })).toHaveValue('kept')
  })
})
