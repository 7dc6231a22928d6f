import wizardSlice, {
  initialWizardState,
  submitFailureOf,
  WIZARD_TRANSITIONS,
  wizardEvents,
  type WizardEvent,
  type WizardState,
  type WizardStatus,
} from './wizardSlice'
import { membersApi } from '../members'

const reduce = (state: WizardState, action: { type: string }) => wizardSlice.reducer(state, action)
const at = (status: WizardStatus, step = 3, extra: Partial<WizardState> = {}): WizardState => ({
  ...initialWizardState,
  status,
  step,
  ...extra,
})

// The RTK Query lifecycle actions of createMember, as the slice's matchers see them.
const args = { values: {}, photoId: null }
const pending = {
  type: 'api/executeMutation/pending',
  meta: {
    arg: { endpointName: 'createMember', originalArgs: args, type: 'mutation' },
    requestId: 'r',
    requestStatus: 'pending',
  },
}
const fulfilled = {
  type: 'api/executeMutation/fulfilled',
  payload: { id: 1 },
  meta: {
    arg: { endpointName: 'createMember', originalArgs: args, type: 'mutation' },
    requestId: 'r',
    requestStatus: 'fulfilled',
  },
}
const rejected = {
  type: 'api/executeMutation/rejected',
  payload: { status: 400, data: { message: 'Bad phone' } },
  error: { message: 'Rejected' },
  meta: {
    arg: { endpointName: 'createMember', originalArgs: args, type: 'mutation' },
    requestId: 'r',
    requestStatus: 'rejected',
    rejectedWithValue: true,
  },
}

function actionFor(event: WizardEvent, state: WizardState) {
  switch (event) {
    case 'stepClicked':
      return wizardEvents.stepClicked(state.step + 1)
    case 'stepInvalid':
      return wizardEvents.stepInvalid(state.step)
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

const EVENTS = Object.keys(WIZARD_TRANSITIONS.editing)
  .concat(Object.keys(WIZARD_TRANSITIONS.validating), Object.keys(WIZARD_TRANSITIONS.submitting))
  .concat(['resetDue', 'errorDismissed'])
  .filter((e, i, all) => all.indexOf(e) === i) as WizardEvent[]
const STATUSES = Object.keys(WIZARD_TRANSITIONS) as WizardStatus[]
const CASES = STATUSES.flatMap((from) =>
  EVENTS.map((event) => [from, event, WIZARD_TRANSITIONS[from][event] ?? from] as const),
)

describe('wizard state machine (spec 2.5, 4.5)', () => {
  it('matches the mutation lifecycle of createMember', () => {
    expect(membersApi.endpoints.createMember.matchPending(pending as never)).toBe(true)
  })

  it.each(CASES)('%s + %s → %s', (from, event, to) => {
    // Guards aside: Submit needs the last step (where a failure happens), Next a step after.
    const step =
      event === 'stepClicked' ? 3 : event === 'submitRequested' || from === 'failed' ? 6 : 3
    const state = at(from, step, from === 'validating' ? { pending: 4 } : {})
    const next = reduce(state, actionFor(event, state))
    expect(next.status).toBe(to)
    if (!WIZARD_TRANSITIONS[from][event]) expect(next).toBe(state)
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

  it.each([
    [
      { status: 400, data: { message: 'Phone too long' } },
      { message: 'x' },
      { kind: 'serverMessage', message: 'Phone too long' },
    ],
    [
      { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' },
      { message: 'x' },
      { kind: 'errorMessage', message: 'TypeError: Failed to fetch' },
    ],
    [undefined, { message: 'Exploded' }, { kind: 'errorMessage', message: 'Exploded' }],
    [{ status: 500, data: 'oops' }, {}, { kind: 'generic' }],
  ])('spec 8.2 failure text from %j', (payload, error, failure) => {
    expect(submitFailureOf(payload, error)).toEqual(failure)
  })
})
