import { fireEvent, screen, waitFor } from '@testing-library/react'
import { Formik } from 'formik'
import am from '../../../locales/am.json'
import { todayIso } from '../../domain'
import { renderWithProviders } from '../../testing/renderWithProviders'
import { FormikDateField } from './formikFields'

const nextYear = `${new Date().getFullYear() + 1}-01-15`

function renderDates(values: { date_of_birth: string | null; baptism_date: string | null }) {
  const submitted = jest.fn()
  const view = renderWithProviders(
    <Formik initialValues={values} onSubmit={submitted}>
      {({ handleSubmit }) => (
        <form onSubmit={handleSubmit}>
          <FormikDateField name="date_of_birth" />
          <FormikDateField name="baptism_date" />
          <button type="submit">Send</button>
        </form>
      )}
    </Formik>,
  )
  return { ...view, submitted }
}

describe('member date warnings in the form (issue 28)', () => {
  it('warns about a birth date in the future, tied to the input, without an error', () => {
    renderDates({ date_of_birth: nextYear, baptism_date: null })
    const warning = screen.getByText(
      'This birth date is in the future. Please check it; you can still save.',
    )
    const input = screen.getByLabelText('Date of birth')
    expect(input.getAttribute('aria-describedby')).toContain(warning.id)
    expect(input).not.toHaveAttribute('aria-invalid', 'true')
    expect(warning.closest('.ant-form-item')).toHaveClass('ant-form-item-has-warning')
  })

  it('warns about a baptism before the birth on the baptism date', () => {
    renderDates({ date_of_birth: '1990-05-17', baptism_date: '1985-01-07' })
    const warning = screen.getByText(
      'The baptism date is before the birth date. Please check it; you can still save.',
    )
    expect(screen.getByLabelText('Baptism date').getAttribute('aria-describedby')).toContain(
      warning.id,
    )
    expect(screen.queryByText(/birth date is in the future/)).not.toBeInTheDocument()
  })

  it('says nothing for likely dates, today included', () => {
    renderDates({ date_of_birth: todayIso(), baptism_date: todayIso() })
    expect(screen.queryByText(/Please check it/)).not.toBeInTheDocument()
  })

  it('does not block the form', async () => {
    const { submitted } = renderDates({ date_of_birth: nextYear, baptism_date: '2000-01-01' })
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1))
  })

  it('is translated', () => {
    renderWithProviders(
      <Formik
        initialValues={{ date_of_birth: '1990-05-17', baptism_date: '1980-01-01' }}
        onSubmit={() => undefined}
      >
        <FormikDateField name="baptism_date" />
      </Formik>,
      { language: 'am' },
    )
    expect(screen.getByText(am.baptismBeforeBirth)).toBeInTheDocument()
  })
})
