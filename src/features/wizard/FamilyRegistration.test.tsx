import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type HouseholdRole, WIZARD_STEP_COUNT } from '../../domain'
import { apiError, installMockServer, type MockServer } from '../../testing/mockServer'
import { renderRoute, slow } from '../../testing/renderWithProviders'
import { clerk } from '../../testing/staffAccounts'
import { storedHousehold } from '../../testing/storedHousehold'
import { storedMember } from '../../testing/storedMember'
import { completeRegistration } from './completeRegistration'
import { RESET_DELAY_MS } from './RegistrationScreen'
import { toSubmission } from './registrationValues'
import { wizardApi } from './wizardApi'
import { selectWizard, wizardEvents } from './wizardSlice'
import { emptyDevice } from '../../testing/device'

jest.setTimeout(90_000)

const household = storedHousehold()
const selam = storedMember({
  id: 9,
  first_name: 'Selam',
  middle_name: 'Abebe',
  last_name: 'Kebede',
})

let server: MockServer
beforeEach(async () => {
  // The not-added notices are kept on the device: each test starts with none.
  await emptyDevice()
  server = installMockServer()
  server.on('GET', '/api/users', { json: [] })
  server.on('GET', '/api/households/5', { json: household })
  server.on('POST', '/api/members', { status: 201, json: selam })
})
afterEach(() => server.restore())

const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))
const notice = () =>
  screen.getByText(/^Not added|^ወደ ቤተሰቡ አልገባም/).closest<HTMLElement>('.ant-notification-notice')!
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
  // The form's first step, once the household has been read.
  await screen.findByRole('heading', { level: 2 }, slow)
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
    await wait(200)
    expect(placements().map((r) => r.body)).toEqual([{ role: 'spouse' }])
  })
})

describe('a new member registered from a household page but not placed in it', () => {
  it('keeps a notice up when the placement hears nothing, and Try again places them', async () => {
    let tries = 0
    server.on('PUT', '/api/households/5/members/9', () =>
      (tries += 1) === 1 ? 'network-error' : { json: household },
    )
    const user = userEvent.setup()
    const { router, store } = await registerFromHousehold('spouse')
    expect(await screen.findByText('Not added to the household', {}, slow)).toBeVisible()
    const shown = within(notice())
    expect(
      shown.getByText('Selam Abebe Kebede was registered but could not be added to Abebe family.'),
    ).toBeVisible()
    expect(
      shown.getByText(
        'The server could not be reached. Check the connection and try again: ' +
          'they will not be added twice.',
      ),
    ).toBeVisible()
    expect(shown.getByRole('button', { name: 'Open household' })).toBeVisible()
    expect(shown.getByRole('button', { name: 'Open profile' })).toBeVisible()
    // The answer to the clerk's submit: the keyboard is on its main action.
    expect(shown.getByRole('button', { name: 'Try again' })).toHaveFocus()

    // Past the form's reset: nothing changed under the notice, which is still up.
    await wait(RESET_DELAY_MS + 500)
    expect(selectWizard(store.getState()).status).toBe('succeeded')
    expect(screen.getByText('Not added to the household')).toBeVisible()

    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/households/5'), slow)
    expect(
      await screen.findByText('The new member was registered and added to the household.'),
    ).toBeVisible()
    await waitFor(() => expect(screen.queryByText('Not added to the household')).toBeNull())
    // The same placement asked again (the server answers one already made as it is).
    expect(placements().map((r) => r.body)).toEqual([{ role: 'spouse' }, { role: 'spouse' }])
  })

  it("says in the user's language why the household refused, with no Try again", async () => {
    server.on(
      'PUT',
      '/api/households/5/members/9',
      apiError(409, 'This household already has a head'),
    )
    const { router, store } = await registerFromHousehold('head')
    expect(
      await screen.findByText(
        "This household already has a head. Please change the current head's role first.",
        {},
        slow,
      ),
    ).toBeVisible()
    const shown = within(notice())
    expect(
      shown.getByText('Selam Abebe Kebede was registered but could not be added to Abebe family.'),
    ).toBeVisible()
    expect(screen.queryByText('This household already has a head')).toBeNull()
    expect(shown.queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(shown.getByRole('button', { name: 'Open household' })).toHaveFocus()

    // Closed: only now does the form start again, after its usual delay.
    await wait(RESET_DELAY_MS + 500)
    expect(selectWizard(store.getState()).status).toBe('succeeded')
    await userEvent.click(shown.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(selectWizard(store.getState()).status).toBe('editing'), {
      timeout: RESET_DELAY_MS + 2000,
    })
    expect(router.state.location.pathname).toBe('/registration')
    expect(placements()).toHaveLength(1)
  })

  it('in Amharic, says the household was deleted and leads to the member only', async () => {
    server.on('PUT', '/api/households/5/members/9', apiError(404, 'Household not found'))
    const { router } = await registerFromHousehold('child', 'am')
    expect(
      await screen.findByText(
        'Selam Abebe Kebede ተመዝግቧል፤ ነገር ግን «Abebe family» በመካከሉ ስለተሰረዘ በምንም ቤተሰብ ውስጥ የለም። ' +
          'ወደ ሌላ ቤተሰብ ለማስገባት የአባሉን መረጃ ይክፈቱ።',
        {},
        slow,
      ),
    ).toBeVisible()
    const shown = within(notice())
    expect(shown.getByText('ወደ ቤተሰቡ አልገባም')).toBeVisible()
    expect(shown.queryByRole('button', { name: 'ቤተሰቡን ይክፈቱ' })).toBeNull()
    expect(shown.queryByRole('button', { name: 'እንደገና ይሞክሩ' })).toBeNull()
    const profile = shown.getByRole('button', { name: 'የአባሉን መረጃ ይክፈቱ' })
    expect(profile).toHaveFocus()
    await userEvent.click(profile)
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/9'), slow)
    // Only looked at: the notice stays until closed.
    expect(screen.getByText('ወደ ቤተሰቡ አልገባም')).toBeVisible()
  })
})

describe('a new member whose household cannot be read again after a failed placement', () => {
  it('keeps the registration and its notice on screen', async () => {
    let reads = 0
    server.on('GET', '/api/households/5', () =>
      (reads += 1) === 1 ? { json: household } : 'network-error',
    )
    server.on('PUT', '/api/households/5/members/9', 'network-error')
    await registerFromHousehold('spouse')
    expect(await screen.findByText('Not added to the household', {}, slow)).toBeVisible()
    // The placement refetches its household, answered or not.
    await waitFor(() => expect(reads).toBe(2), slow)
    await wait(200)
    expect(screen.queryByText('The household could not be loaded.')).toBeNull()
    expect(screen.getByText('Member registered successfully')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible()
  })
})

describe('a not-added notice, across a reload', () => {
  const left = 'Selam Abebe Kebede was registered but could not be added to Abebe family.'
  const reload = (previous: { unmount: () => void }) => {
    previous.unmount()
    return renderRoute('/registration', { signedInAs: clerk })
  }

  /** Registers Selam as head of a household that has one: the notice comes up. */
  async function refusedAsHead() {
    server.on(
      'PUT',
      '/api/households/5/members/9',
      apiError(409, 'This household already has a head'),
    )
    const view = await registerFromHousehold('head')
    expect(await screen.findByText(left, {}, slow)).toBeVisible()
    return view
  }

  /** After a reload the form is back, with no not-added notice. */
  async function reloadedWithoutNotice(previous: { unmount: () => void }) {
    reload(previous)
    await screen.findByRole('heading', { level: 2 }, slow)
    await wait(500)
    expect(screen.queryByText('Not added to the household')).toBeNull()
  }

  it('is shown again after a reload until the clerk closes it', async () => {
    const second = reload(await refusedAsHead())
    expect(await screen.findByText(left, {}, slow)).toBeVisible()
    expect(within(notice()).getByRole('button', { name: 'Open household' })).toBeVisible()
    await userEvent.click(within(notice()).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByText(left)).toBeNull())
    await reloadedWithoutNotice(second)
  })

  it('is not kept once the clerk has closed it on the page it came up on', async () => {
    const first = await refusedAsHead()
    await userEvent.click(within(notice()).getByRole('button', { name: 'Close' }))
    await reloadedWithoutNotice(first)
  })

  it('is not kept once Try again has placed the member', async () => {
    let tries = 0
    server.on('PUT', '/api/households/5/members/9', () =>
      (tries += 1) === 1 ? 'network-error' : { json: household },
    )
    const first = await registerFromHousehold('spouse')
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }, slow))
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/households/5'), slow)
    await reloadedWithoutNotice(first)
  })
})
