import { screen, waitFor } from '@testing-library/react'
import { Input, Select } from 'antd'
import { renderWithProviders } from '../testing/renderWithProviders'
import { useClearButton } from './useClearButton'

function Fields() {
  const clear = useClearButton()
  return (
    <>
      <Select
        aria-label="Nationality"
        allowClear={clear.select}
        value="ET"
        options={[{ value: 'ET', label: 'Ethiopian' }]}
      />
      <Input aria-label="Search" allowClear={clear.input} value="Abebe" onChange={() => {}} />
    </>
  )
}

describe('clear buttons speak the language (issue 28)', () => {
  it.each([
    ['am', 'ያጽዱ'],
    ['om', 'Qulqulleessaa'],
    ['en', 'Clear'],
  ] as const)('in %s the Select and Input clear buttons are named %s', async (language, name) => {
    const { container } = renderWithProviders(<Fields />, { language })
    // A language's messages may load after the first render.
    await waitFor(() =>
      expect(container.querySelector('.ant-select-clear')).toHaveAttribute('aria-label', name),
    )
    const named = screen.getAllByRole('button', { name })
    expect(named.some((button) => button.classList.contains('ant-input-clear-icon'))).toBe(true)
  })
})
