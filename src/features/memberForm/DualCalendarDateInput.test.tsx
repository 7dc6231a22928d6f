import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { renderWithProviders } from '../../testing/renderWithProviders'
import { DualCalendarDateInput } from './DualCalendarDateInput'

// antd's select menu schedules through MessageChannel, which this jsdom lacks. A timer-based
// stand-in: Node's own MessageChannel would keep Jest from exiting.
class TimeoutChannel {
  port1: { onmessage: ((event: { data: unknown }) => void) | null } = { onmessage: null }
  port2 = {
    postMessage: (data: unknown) => setTimeout(() => this.port1.onmessage?.({ data }), 0),
  }
}
;(globalThis as { MessageChannel?: unknown }).MessageChannel ??= TimeoutChannel

const changes: (string | null)[] = []

function Harness({
  initial = null,
  pickerYearsBack,
}: {
  initial?: string | null
  pickerYearsBack?: number
}) {
  const [value, setValue] = useState<string | null>(initial)
  return (
    <DualCalendarDateInput
      id="dob"
      label="Date of birth"
      required
      value={value}
      pickerYearsBack={pickerYearsBack}
      onChange={(next) => {
        changes.push(next)
        setValue(next)
      }}
    />
  )
}

async function pickOption(
  user: ReturnType<typeof userEvent.setup>,
  input: HTMLElement,
  label: string,
) {
  await user.click(input)
  const options = await screen.findAllByTitle(label)
  await user.click(options[options.length - 1])
}

beforeEach(() => {
  changes.length = 0
})

describe('DualCalendarDateInput (spec 2.5, 4.7, 5.4)', () => {
  it('shows the label with its required mark and the other calendar beneath', () => {
    renderWithProviders(<Harness initial="1990-05-17" />)
    expect(screen.getByText('Date of birth')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Gregorian calendar' })).toBeChecked()
    expect(screen.getByText('= 9 Ginbot 1982 E.C. (Ethiopian calendar)')).toBeInTheDocument()
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('aria-describedby', 'dob-hint')
  })

  it('builds a Gregorian date from Ethiopian parts, clears an impossible day, ignores non-digits', async () => {
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    await user.click(screen.getByText('Ethiopian calendar'))

    await user.type(screen.getByLabelText('Year'), '19x83')
    expect(screen.getByLabelText('Year')).toHaveValue('1983')
    // The menu is virtual: search for the 13th month instead of scrolling to it.
    await user.type(screen.getByLabelText('Month'), 'Pag')
    await user.click(await screen.findByTitle('ጳጉሜ (Pagume)'))
    await pickOption(user, screen.getByLabelText('Day'), '6')
    expect(changes.at(-1)).toBe('1991-09-11')
    expect(screen.getByText('= 11 September 1991 (Gregorian calendar)')).toBeInTheDocument()

    // 1982 is not a leap year: Pagume has 5 days, so day 6 is cleared and no value is output.
    await user.clear(screen.getByLabelText('Year'))
    await user.type(screen.getByLabelText('Year'), '1982')
    expect(changes.at(-1)).toBeNull()
    // Said, not silently done (issue 42).
    expect(
      screen.getByText(
        'Day 6 was cleared: this month has only 5 days in that year. Please choose the day again.',
      ),
    ).toBeInTheDocument()
    const daySelect = screen.getByLabelText('Day').closest('.ant-select')
    expect(daySelect?.querySelector('.ant-select-selection-item')).toBeNull()

    await user.click(screen.getByRole('button', { name: /Clear/ }))
    expect(screen.getByLabelText('Year')).toHaveValue('')
  })

  it("takes a date typed in the field's format, and says so when it cannot (issue 42)", async () => {
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    const input = screen.getByLabelText('Date of birth')
    await user.type(input, '1990-05-04')
    await user.tab()
    expect(changes.at(-1)).toBe('1990-05-04')
    expect(screen.queryByRole('alert')).toBeNull()

    await user.clear(input)
    await user.type(input, '04/05/1990')
    await user.tab()
    expect(
      await screen.findByText(/“04\/05\/1990” is not a date written as YYYY-MM-DD/),
    ).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')

    await user.clear(input)
    await user.type(input, '1850-01-01')
    await user.tab()
    expect(await screen.findByText(/The date must be between/)).toBeInTheDocument()
  })

  it("opens an empty birth date's calendar about 30 years back (issue 42)", async () => {
    const user = userEvent.setup()
    renderWithProviders(<Harness pickerYearsBack={30} />)
    await user.click(screen.getByLabelText('Date of birth'))
    const year = String(new Date().getFullYear() - 30)
    expect(await screen.findByRole('button', { name: 'Choose a year' })).toHaveTextContent(year)
  })

  it('says the year must be a number, then at least 1900', async () => {
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    await user.click(screen.getByText('Ethiopian calendar'))
    await user.type(screen.getByLabelText('Year'), 'a')
    expect(screen.getByText('Year must be a number')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Year'), '1899')
    expect(screen.getByText('Year must be at least 1900 E.C.')).toBeInTheDocument()
    expect(changes.every((value) => value === null)).toBe(true)
  })

  it('tells a date outside the range in the calendar it was typed in', async () => {
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    await user.click(screen.getByText('Ethiopian calendar'))
    await user.type(screen.getByLabelText('Year'), '2100')
    await user.type(screen.getByLabelText('Month'), 'Mes')
    await user.click(await screen.findByTitle('መስከረም (Meskerem)'))
    await pickOption(user, screen.getByLabelText('Day'), '1')
    expect(changes.at(-1)).toBe('2107-09-13')
    expect(
      await screen.findByText(
        'The date must be between 1 Meskerem 1900 E.C. and 21 Tahsas 2092 E.C.',
      ),
    ).toBeInTheDocument()
  })

  it('starts in the Gregorian calendar on an Amharic device that never chose one (spec 2.5)', () => {
    renderWithProviders(<Harness initial="1990-05-17" />, { language: 'am' })
    expect(screen.getByRole('radio', { name: 'የግሪጎሪያን ዘመን አቆጣጠር' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'የኢትዮጵያ ዘመን አቆጣጠር' })).not.toBeChecked()
  })

  it('starts in the calendar the device chose', () => {
    renderWithProviders(<Harness initial="1990-05-17" />, {
      language: 'am',
      calendar: 'ethiopian',
    })
    expect(screen.getByRole('radio', { name: 'የኢትዮጵያ ዘመን አቆጣጠር' })).toBeChecked()
    expect(screen.getByText('= ሜይ 17 ቀን 1990 እ.ኤ.አ. (በግሪጎሪያን ዘመን አቆጣጠር)')).toBeInTheDocument()
  })
})
