import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Formik } from 'formik'
import { renderWithProviders } from '../../testing/renderWithProviders'
import { FormikSelectField, FormikTextField } from './formikFields'

// Counts each antd input's renders by its name: a field's body renders its input anew each time.
const mockInputRendered = jest.fn()
jest.mock('antd', () => {
  const actual = jest.requireActual('antd')
  const { createElement, forwardRef } = jest.requireActual('react')
  const Input = forwardRef((props: { name?: string }, ref: unknown) => {
    mockInputRendered(props.name)
    return createElement(actual.Input, { ...props, ref })
  })
  const { TextArea, Password, Search, Group, OTP } = actual.Input
  Object.assign(Input, { TextArea, Password, Search, Group, OTP })
  return { ...actual, Input }
})

const rendersOf = (name: string) =>
  mockInputRendered.mock.calls.filter(([rendered]) => rendered === name).length

function renderForm() {
  return renderWithProviders(
    <Formik
      initialValues={{ first_name: '', middle_name: '', gender: null }}
      validate={(values) => (values.first_name ? {} : { first_name: 'fieldRequired' })}
      onSubmit={() => undefined}
    >
      <form>
        <FormikTextField name="first_name" required />
        <FormikTextField name="middle_name" required />
        <FormikSelectField name="gender" required />
      </form>
    </Formik>,
  )
}

beforeEach(() => mockInputRendered.mockClear())

describe('Formik-bound member fields', () => {
  it('a key pressed in one field draws that field again, not the others', async () => {
    renderForm()
    const user = userEvent.setup()
    const middleBefore = rendersOf('middle_name')
    const firstBefore = rendersOf('first_name')
    await user.type(screen.getByLabelText('Given name'), 'Abe')
    expect(screen.getByLabelText('Given name')).toHaveValue('Abe')
    expect(rendersOf('first_name')).toBeGreaterThanOrEqual(firstBefore + 3)
    expect(rendersOf('middle_name')).toBe(middleBefore)
  })

  it('a field still shows its own error once touched, and clears it when fixed', async () => {
    renderForm()
    const user = userEvent.setup()
    await user.click(screen.getByLabelText('Given name'))
    await user.tab()
    expect(await screen.findByText('This field is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Given name')).toHaveAttribute('aria-invalid', 'true')
    await user.type(screen.getByLabelText('Given name'), 'A')
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument()
    expect(screen.getByLabelText("Father's name")).not.toHaveAttribute('aria-invalid')
  })
})
