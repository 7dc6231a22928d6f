import { loggedOut, sessionExpired } from '../../app/sessionEvents'
import { itFollowsTheTable, mutationAction, transitions } from '../../testing/machineTables'
import wizardSlice, {
  initialWizardState,
  isFreshWizard,
  submitFailureOf,
  WIZARD_TRANSITIONS,
  wizardEvents,
  type WizardEvent,
  type WizardState,
  type WizardStatus,
} from './wizardSlice'
import { wizardApi } from './wizardApi'

const reduce = (state: WizardState, action: { type: string }) => wizardSlice.reducer(state, action)
const at = (status: WizardStatus, step = 3, extra: Partial<WizardState> = {}): WizardState => ({
  ...initialWizardState,
  status,
  step,
  ...extra,
})

// The RTK Query lifecycle actions of createMember, as the slice's matchers see them.
const args = { values: {}, photoId: null }
const pending = mutationAction('createMember', 'pending', args)
const fulfilled = mutationAction('createMember', 'fulfilled', args, { id: 1 })
const rejected = mutationAction('createMember', 'rejected', args, {
  status: 400,
  data: { message: 'Bad phone' },
})

function actionFor(event: WizardEvent, state: WizardState) {
  switch (event) {
    case 'stepClicked':
      return wizardEvents.stepClicked(state.step + 1)
    case 'stepInvalid':
      return wizardEvents.stepInvalid(state.step)
    case 'draftRestored':
      return wizardEvents.draftRestored(2)
    case 'submitStarted':
      return pending
    case 'submitSucceeded':
      return fulfilled
    case 'submitFailed':
      return rejected
    default:
      return wizardEvents[event]()
  }
}

// Written by hand, illegal events included (-: ignored, the state unchanged).
const ROWS = transitions<WizardStatus, WizardEvent>`
  editing     nextRequested    validating
  editing     stepClicked      validating
  editing     backRequested    editing
  editing     submitRequested  validating
  editing     opened           editing
  editing     draftRestored    editing
  editing     stepValidated    -
  editing     submitStarted    -
  editing     resetDue         -
  editing     errorDismissed   -
  validating  stepValidated    editing
  validating  stepInvalid      editing
  validating  submitStarted    submitting
  validating  submitFailed     failed
  validating  opened           editing
  validating  nextRequested    -
  validating  backRequested    -
  validating  draftRestored    -
  submitting  submitSucceeded  succeeded
  submitting  submitFailed     failed
  submitting  opened           -
  submitting  backRequested    -
  submitting  stepClicked      -
  submitting  submitRequested  -
  submitting  draftRestored    -
  succeeded   resetDue         editing
  succeeded   opened           editing
  succeeded   nextRequested    -
  succeeded   submitRequested  -
  succeeded   draftRestored    -
  failed      submitRequested  validating
  failed      stepClicked      validating
  failed      backRequested    editing
  failed      errorDismissed   editing
  failed      opened           editing
  failed      nextRequested    -
  failed      submitStarted    -
  failed      draftRestored    -
`

describe('wizard state machine (spec 2.5, 4.5)', () => {
  it('matches the mutation lifecycle of createMember', () => {
    expect(wizardApi.endpoints.createMember.matchPending(pending as never)).toBe(true)
  })

  itFollowsTheTable({
    table: WIZARD_TRANSITIONS,
    rows: ROWS,
    dispatchedBy: { feature: 'wizard', actionNames: Object.keys(wizardEvents) },
    reducer: {
      // Guards aside: Submit needs the last step (where a failure happens), Next a step after.
      stateIn: (from, event) =>
        at(
          from,
          event === 'stepClicked' ? 3 : event === 'submitRequested' || from === 'failed' ? 6 : 3,
          from === 'validating' ? { pending: 4 } : {},
        ),
      apply: (state, event) => reduce(state, actionFor(event, state)),
      statusOf: (s) => s.status,
    },
  })

  it('starts again at step 0 when the screen opens with an empty form', () => {
    const left = at('failed', 4, { failure: { kind: 'generic' } })
    const back = reduce(left, wizardEvents.opened())
    expect(back).toEqual(initialWizardState)
    expect(isFreshWizard(back)).toBe(true)
    expect(isFreshWizard(at('editing', 2))).toBe(false)
  })

  it('lets a member being sent finish when the screen opens again', () => {
    const sending = at('submitting', 6)
    expect(reduce(sending, wizardEvents.opened())).toBe(sending)
  })

  it.each([loggedOut(), sessionExpired()])('forgets the wizard on %p', (ended) => {
    const state = at('failed', 5, { failure: { kind: 'generic' } })
    expect(reduce(state, ended)).toEqual(initialWizardState)
  })

  it('moves ahead only after the step validates', () => {
    let state = reduce(at('editing', 2), wizardEvents.nextRequested())
    expect(state).toMatchObject({ status: 'validating', step: 2, pending: 3 })
    expect(wizardEvents.nextRequested().type).toBe('wizard/nextRequested')
    state = reduce(state, wizardEvents.stepValidated())
    expect(state).toMatchObject({ status: 'editing', step: 3, pending: null })
    state = reduce(reduce(state, wizardEvents.nextRequested()), wizardEvents.stepInvalid(3))
    expect(state).toMatchObject({ status: 'editing', step: 3, pending: null })
  })

  it('lets a header be clicked up to current + 1 only; behind goes straight there', () => {
    expect(reduce(at('editing', 2), wizardEvents.stepClicked(4)).status).toBe('editing')
    expect(reduce(at('editing', 2), wizardEvents.stepClicked(3))).toMatchObject({
      status: 'validating',
      pending: 3,
    })
    expect(reduce(at('editing', 2), wizardEvents.stepClicked(0))).toMatchObject({
      status: 'editing',
      step: 0,
    })
  })

  it('goes back one step without validating, never below 0', () => {
    expect(reduce(at('editing', 2), wizardEvents.backRequested()).step).toBe(1)
    const first = at('editing', 0)
    expect(reduce(first, wizardEvents.backRequested())).toBe(first)
  })

  it('submits only from the last step and jumps to the first failing step', () => {
    expect(reduce(at('editing', 5), wizardEvents.submitRequested()).status).toBe('editing')
    let state = reduce(at('editing', 6), wizardEvents.submitRequested())
    expect(state).toMatchObject({ status: 'validating', pending: 'submit' })
    state = reduce(state, wizardEvents.stepInvalid(1))
    expect(state).toMatchObject({ status: 'editing', step: 1 })
  })

  it('records the failure, and resets to step 0 after success', () => {
    let state = reduce(reduce(at('validating', 6, { pending: 'submit' }), pending), rejected)
    expect(state).toMatchObject({
      status: 'failed',
      failure: { kind: 'serverMessage', message: 'Bad phone' },
    })
    state = reduce(reduce(reduce(state, wizardEvents.submitRequested()), pending), fulfilled)
    expect(state).toMatchObject({ status: 'succeeded', failure: null })
    expect(reduce(state, wizardEvents.resetDue())).toMatchObject({ status: 'editing', step: 0 })
  })

  it('takes a kept draft back at its step, only while editing and within 0–6', () => {
    expect(reduce(at('editing', 0), wizardEvents.draftRestored(4))).toMatchObject({
      status: 'editing',
      step: 4,
    })
    const editing = at('editing', 0)
    expect(reduce(editing, wizardEvents.draftRestored(7))).toBe(editing)
    expect(reduce(editing, wizardEvents.draftRestored(-1))).toBe(editing)
    expect(reduce(editing, wizardEvents.draftRestored(1.5))).toBe(editing)
  })

  it('remembers the created member until the next registration moves ahead', () => {
    const sent = reduce(reduce(at('validating', 6, { pending: 'submit' }), pending), fulfilled)
    expect(sent.created).toEqual({ id: 1 })
    const reset = reduce(sent, wizardEvents.resetDue())
    expect(reset).toMatchObject({ status: 'editing', step: 0, created: { id: 1 } })
    expect(reduce(reset, wizardEvents.nextRequested()).created).toBeNull()
    expect(reduce(reset, loggedOut()).created).toBeNull()
  })

  it.each([
    [
      { status: 400, data: { message: 'Phone too long' } },
      { message: 'x' },
      { kind: 'serverMessage', message: 'Phone too long' },
    ],
    [
      { status: 503, data: { message: 'The server cannot save right now' } },
      { message: 'x' },
      { kind: 'translated', id: 'serverCannotSave' },
    ],
    [
      { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' },
      { message: 'x' },
      { kind: 'network' },
    ],
    [{ status: 'TIMEOUT_ERROR', error: 'AbortError' }, { message: 'x' }, { kind: 'network' }],
    [
      { status: 'PARSING_ERROR', error: 'Bad JSON' },
      {},
      { kind: 'errorMessage', message: 'Bad JSON' },
    ],
    [undefined, { message: 'Exploded' }, { kind: 'errorMessage', message: 'Exploded' }],
    [{ status: 500, data: 'oops' }, {}, { kind: 'generic' }],
  ])('spec 8.2 failure text from %j', (payload, error, failure) => {
    expect(submitFailureOf(payload, error)).toEqual(failure)
  })
})
