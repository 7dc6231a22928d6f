import { fireEvent, screen } from '@testing-library/react'
import { renderWithProviders } from '../../testing/renderWithProviders'
import { CompactSteps } from './CompactSteps'

describe('the phone step indicator (issue 28)', () => {
  it('shows where the clerk is and opens the full list on demand', () => {
    renderWithProviders(
      <CompactSteps step={2}>
        <p>the seven step headers</p>
      </CompactSteps>,
    )
    expect(screen.getByRole('list', { name: 'Step 3 of 7' })).toBeInTheDocument()
    expect(screen.queryByText('the seven step headers')).toBeNull()
    const toggle = screen.getByRole('button', { name: 'All steps' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    fireEvent.click(toggle)
    expect(screen.getByText('the seven step headers')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Hide steps' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
  })

  it('says it in Amharic too', () => {
    renderWithProviders(
      <CompactSteps step={0}>
        <p>x</p>
      </CompactSteps>,
      { language: 'am' },
    )
    expect(screen.getByRole('list', { name: 'ደረጃ 1 ከ7' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'ሁሉም ደረጃዎች' })).toBeInTheDocument()
  })
})
