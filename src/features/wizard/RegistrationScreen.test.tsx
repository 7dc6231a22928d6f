import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import { renderRoute } from '../../testing/renderWithProviders'
import RegistrationScreen from './RegistrationScreen'
import { DRAFT_KEY } from './registrationDraft'
import { initialWizardState, wizardEvents } from './wizardSlice'
import { mutationAction } from '../../testing/machineTables'

// Counts the renders of the step's fields: each render of the screen renders them anew.
const mockStepRendered = jest.fn()
jest.mock('./RegistrationSteps', () => {
  const actual = jest.requireActual('./RegistrationSteps')
  const { createElement } = jest.requireActual('react')
  return {
    ...actual,
    RegistrationStep: (props: { step: number; username: string }) => {
      mockStepRendered()
      return createElement(actual.RegistrationStep, props)
    },
  }
})

let server: MockServer
beforeEach(() => {
  server = installMockServer()
  server.on('GET', '/api/users', {
    json: [
      { id: 1, username: 'admin' },
      { id: 2, username: 'selam' },
    ],
  })
  mockStepRendered.mockClear()
})
afterEach(() => {
  server.restore()
  sessionStorage.clear()
})

const routes = [{ path: '/registration', element: <RegistrationScreen /> }]
const abebe = { id: 1, username: 'admin' }

/** Opens the screen, types a first name and waits for the draft to be kept. */
async function leaveADraft() {
  const view = renderRoute('/registration', { signedInAs: abebe, routes })
  fireEvent.change(await screen.findByLabelText(/Given name/), { target: { value: 'Almaz' } })
  await waitFor(() => expect(sessionStorage.getItem(DRAFT_KEY)).toContain('Almaz'))
  view.unmount()
}

describe('registration screen (spec 2.5)', () => {
  it('fetches the user list when it opens, without drawing the form again for it', async () => {
    const { store } = renderRoute('/registration', {
      signedInAs: { id: 1, username: 'admin' },
      routes: [{ path: '/registration', element: <RegistrationScreen /> }],
    })
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Registration')
    await waitFor(() =>
      expect(
        Object.values(store.getState().api.queries).some(
          (query) => query?.endpointName === 'getUsers' && query.status === 'fulfilled',
        ),
      ).toBe(true),
    )
    expect(server.requests.filter((request) => request.path === '/api/users')).toHaveLength(1)
    // The request's pending and fulfilled states changed nothing the screen shows.
    expect(mockStepRendered).toHaveBeenCalledTimes(1)
  })
})

describe('step 0 (spec 2.5, 5.2)', () => {
  it('marks the three names, gender, birth date and marital status required, and no more', async () => {
    renderRoute('/registration', { signedInAs: abebe, routes })
    await screen.findByLabelText(/Given name/)
    const marked = [...document.querySelectorAll('label.ant-form-item-required')].map(
      (label) => label.textContent,
    )
    expect(marked).toEqual([
      'Given name',
      "Father's name",
      "Grandfather's name",
      'Gender',
      'Date of birth',
      'Marital status',
    ])
  })
})

describe('the step list (spec 2.5, 9.7)', () => {
  const width = window.innerWidth
  afterEach(() => {
    window.innerWidth = width
  })

  it.each([
    [375, 'vertical'],
    [600, 'vertical'],
    [601, 'horizontal'],
  ])('at %i px is %s, all seven steps listed', async (px, orientation) => {
    window.innerWidth = px
    renderRoute('/registration', { signedInAs: abebe, routes })
    const nav = await screen.findByRole('navigation', { name: 'Registration steps' })
    const steps = nav.querySelector('.ant-steps')
    expect(steps).toHaveClass(`ant-steps-${orientation}`)
    expect([...nav.querySelectorAll('.ant-steps-item-title')].map((t) => t.textContent)).toEqual([
      'Personal Information',
      'Contact Information',
      'Family Information',
      'Church Information',
      'Service Information',
      'Health & Education',
      'Communication Preferences',
    ])
    expect(screen.queryByRole('button', { name: 'All steps' })).toBeNull()
  })
})

describe('a half-filled registration survives a reload (issue 28)', () => {
  it('offers the draft back to the same account and restores its values', async () => {
    await leaveADraft()
    renderRoute('/registration', { signedInAs: abebe, routes })
    expect(await screen.findByText('Continue the registration you started?')).toBeInTheDocument()
    expect(screen.getByLabelText(/Given name/)).toHaveValue('')
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(screen.getByLabelText(/Given name/)).toHaveValue('Almaz'))
    expect(screen.queryByText('Continue the registration you started?')).toBeNull()
  })

  it('never shows it to another account', async () => {
    await leaveADraft()
    renderRoute('/registration', { signedInAs: { id: 2, username: 'selam' }, routes })
    expect(await screen.findByLabelText(/Given name/)).toHaveValue('')
    expect(screen.queryByText('Continue the registration you started?')).toBeNull()
  })

  it('forgets it when discarded', async () => {
    await leaveADraft()
    renderRoute('/registration', { signedInAs: abebe, routes })
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }))
    await waitFor(() => expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull())
    expect(screen.queryByText('Continue the registration you started?')).toBeNull()
  })
})

describe('after registering (issue 28)', () => {
  it('links to the new member and its ID card once the form has reset', async () => {
    renderRoute('/registration', {
      signedInAs: abebe,
      routes,
      preloadedState: { wizard: { ...initialWizardState, created: { id: 42 } } },
    })
    expect(await screen.findByText('Member registered successfully')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open profile' })).toHaveAttribute('href', '/member/42')
    expect(screen.getByRole('link', { name: 'ID card' })).toHaveAttribute(
      'href',
      '/member/idcard/42',
    )
  })

  it('says the server cannot be reached instead of a TypeError', async () => {
    const { store } = renderRoute('/registration', { signedInAs: abebe, routes })
    await screen.findByLabelText(/Given name/)
    act(() => {
      store.dispatch(wizardEvents.nextRequested())
      store.dispatch(
        mutationAction(
          'createMember',
          'rejected',
          {},
          {
            status: 'FETCH_ERROR',
            error: 'TypeError: Failed to fetch',
          },
        ),
      )
    })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Cannot connect to server')
    expect(alert).not.toHaveTextContent('TypeError')
  })
})

describe('errors in view (issue 42)', () => {
  it('Next on an empty step brings its first error into view and focuses it', async () => {
    const scrolled: Element[] = []
    jest.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function scroll(
      this: HTMLElement,
    ) {
      scrolled.push(this)
    })
    renderRoute('/registration', { signedInAs: abebe, routes })
    const given = await screen.findByLabelText(/Given name/)
    fireEvent.click(screen.getByRole('button', { name: /Next/ }))
    await waitFor(() => expect(given).toHaveFocus())
    expect(scrolled[0]).toContainElement(given)
    jest.restoreAllMocks()
  })
})
