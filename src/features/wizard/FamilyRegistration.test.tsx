import { act, screen, waitFor } from '@testing-library/react'
import { type HouseholdRole, WIZARD_STEP_COUNT } from '../../domain'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import { renderRoute, slow } from '../../testing/renderWithProviders'
import { clerk } from '../../testing/staffAccounts'
import { storedHousehold } from '../../testing/storedHousehold'
import { storedMember } from '../../testing/storedMember'
import { completeRegistration } from './completeRegistration'
import { toSubmission } from './registrationValues'
import { wizardApi } from './wizardApi'
import { wizardEvents } from './wizardSlice'

jest.setTimeout(90_000)

const household = storedHousehold()
const selam = storedMember({
  id: 9,
  first_name: 'Selam',
  middle_name: 'Abebe',
  last_name: 'Kebede',
})

let server: MockServer
beforeEach(() => {
  server = installMockServer()
  server.on('GET', '/api/users', { json: [] })
  server.on('GET', '/api/households/5', { json: household })
  server.on('POST', '/api/members', { status: 201, json: selam })
})
afterEach(() => server.restore())

const placements = () => server.requests.filter((r) => r.method === 'PUT')

/**
 * Opens "Add a family member" as `role` and registers Selam there: the wizard's steps and submit
 * as the screen dispatches them once each step is valid (filling the seven steps in is the
 * browser tests' work), then the registration as the form sends it.
 */
async function registerFromHousehold(role: HouseholdRole, language: 'en' | 'am' = 'en') {
  const view = renderRoute(`/registration?household=5&role=${role}`, {
    signedInAs: clerk,
    language,
  })
  await screen.findByLabelText(language === 'en' ? /Given name/ : /ስም/, {}, slow)
  await act(async () => {
    for (let step = 0; step < WIZARD_STEP_COUNT - 1; step += 1) {
      view.store.dispatch(wizardEvents.nextRequested())
      view.store.dispatch(wizardEvents.stepValidated())
    }
    view.store.dispatch(wizardEvents.submitRequested())
    await view.store.dispatch(
      wizardApi.endpoints.createMember.initiate({
        values: toSubmission(completeRegistration(), clerk.username),
        household: { id: 5, name: household.name, role },
      }),
    )
  })
  return view
}

describe('a new member registered from a household page', () => {
  it('places only the member it registered, not the last one again on the next visit', async () => {
    server.on('PUT', '/api/households/5/members/9', { json: household })
    const { router } = await registerFromHousehold('spouse')
    await waitFor(() => expect(router.state.location.pathname).toBe('/households/5'), slow)
    expect(placements().map((r) => r.body)).toEqual([{ role: 'spouse' }])

    // The next "Add a family member": the wizard still remembers Selam for its success banner.
    await act(() => router.navigate('/registration?household=5&role=child'))
    expect(
      await screen.findByText(/New member of Abebe family, as Child/, {}, slow),
    ).toBeInTheDocument()
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)))
    expect(placements().map((r) => r.body)).toEqual([{ role: 'spouse' }])
  })
})
