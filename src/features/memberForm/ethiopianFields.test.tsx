import { fireEvent, screen, waitFor } from '@testing-library/react'
import { Formik } from 'formik'
import { renderWithProviders } from '../../testing/renderWithProviders'
import { FormikLatinNameField, FormikRegionField } from './ethiopianFields'
import { FormikTextField } from './formikFields'

function renderNames(initial: Record<string, string> = {}) {
  return renderWithProviders(
    <Formik
      initialValues={{ first_name: '', middle_name: '', last_name: '', latin_name: '', ...initial }}
      onSubmit={() => undefined}
    >
      <form>
        <FormikTextField name="first_name" />
        <FormikTextField name="middle_name" />
        <FormikLatinNameField />
      </form>
    </Formik>,
  )
}

const latin = () => screen.getByLabelText('Name in Latin letters (as on the passport)')

describe('FormikLatinNameField', () => {
  it('follows the Ge’ez name until the user corrects it, then keeps the correction', async () => {
    renderNames()
    fireEvent.change(screen.getByLabelText('Given name'), { target: { value: 'አበበ' } })
    await waitFor(() => expect(latin()).toHaveValue('Abebe'))
    fireEvent.change(screen.getByLabelText("Father's name"), { target: { value: 'ከበደ' } })
    await waitFor(() => expect(latin()).toHaveValue('Abebe Kebede'))
    fireEvent.change(latin(), { target: { value: 'Abebe Kebbede' } })
    fireEvent.change(screen.getByLabelText("Father's name"), { target: { value: 'ተሰማ' } })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(latin()).toHaveValue('Abebe Kebbede')
    // Cleared on purpose: stays empty until the Ge'ez name changes, then follows it again.
    fireEvent.change(latin(), { target: { value: '' } })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(latin()).toHaveValue('')
    fireEvent.change(screen.getByLabelText("Father's name"), { target: { value: 'ከበደ' } })
    await waitFor(() => expect(latin()).toHaveValue('Abebe Kebede'))
  })

  it('suggests nothing for a name in Latin letters, and keeps a stored spelling', async () => {
    renderNames({ first_name: 'Abebe', middle_name: 'Kebede' })
    expect(latin()).toHaveValue('')
    expect(screen.getByText(/Filled in from the Ge'ez name/)).toBeInTheDocument()
  })

  it('leaves a stored Latin name alone when the form opens', () => {
    renderNames({ first_name: 'አበበ', middle_name: 'ከበደ', latin_name: 'Abebe Kebbede' })
    expect(latin()).toHaveValue('Abebe Kebbede')
  })
})

describe('FormikRegionField', () => {
  it('offers the Ethiopian regions and chartered cities, and accepts other text', () => {
    renderWithProviders(
      <Formik initialValues={{ state: '' }} onSubmit={() => undefined}>
        <form>
          <FormikRegionField required />
        </form>
      </Formik>,
    )
    const input = screen.getByLabelText(/Region/)
    const list = document.getElementById(input.getAttribute('list') ?? '')
    const options = [...(list?.querySelectorAll('option') ?? [])].map((o) => o.value)
    expect(options).toHaveLength(14)
    expect(options).toEqual(
      expect.arrayContaining(['Addis Ababa', 'Dire Dawa', 'Oromia', 'Sidama']),
    )
    fireEvent.change(input, { target: { value: 'Somewhere else' } })
    expect(input).toHaveValue('Somewhere else')
  })
})
