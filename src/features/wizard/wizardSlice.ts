import { type WithSlice, type PayloadAction, type SerializedError } from '@reduxjs/toolkit'
import { rootReducer } from '../../app/store'
import { errorStatus, serverMessage, translatedErrorId } from '../../app/api'
import { createSessionSlice } from '../../app/sessionEvents'
import { createMachine, transitionTable, type EventOf } from '../../shared/createMachine'
import { WIZARD_STEP_COUNT } from '../../domain/memberSteps'
import { fullName, type Member } from '../../domain/member'
import { wizardApi } from './wizardApi'

/**
 * Which event may move the wizard from which status (spec 2.5, 4.5); anything else is ignored.
 * Moving ahead (Next, a click on the next header, Submit) waits in `validating` until Formik
 * has checked the step; the createMember mutation drives submitting → succeeded | failed.
 * `opened` (the screen mounted with an empty form) starts again at step 0, except while a
 * member is being sent: that request's answer still decides what the screen shows.
 */
export const WIZARD_TRANSITIONS = transitionTable({
  editing: {
    nextRequested: 'validating',
    stepClicked: 'validating',
    backRequested: 'editing',
    submitRequested: 'validating',
    opened: 'editing',
    draftRestored: 'editing',
  },
  validating: {
    stepValidated: 'editing',
    stepInvalid: 'editing',
    submitStarted: 'submitting',
    submitFailed: 'failed',
    opened: 'editing',
  },
  submitting: { submitSucceeded: 'succeeded', submitFailed: 'failed' },
  succeeded: { resetDue: 'editing', opened: 'editing' },
  failed: {
    submitRequested: 'validating',
    stepClicked: 'validating',
    backRequested: 'editing',
    errorDismissed: 'editing',
    opened: 'editing',
  },
})
export type WizardStatus = keyof typeof WIZARD_TRANSITIONS
export type WizardEvent = EventOf<typeof WIZARD_TRANSITIONS>

/** Spec 8.2: what the error banner says. */
export type SubmitFailure =
  | { kind: 'serverMessage'; message: string }
  | { kind: 'errorMessage'; message: string }
  | { kind: 'generic' }
  | { kind: 'translated'; id: string }
  | { kind: 'noToken' }
  | { kind: 'network' }

export interface WizardState {
  status: WizardStatus
  /** 0–6 (spec 4.5). */
  step: number
  /** Where a move ahead goes once the current step validates, or 'submit'. */
  pending: number | 'submit' | null
  failure: SubmitFailure | null
  /**
   * The member the last submit created: the success banner links to it until the next starts;
   * its name is for what a household's placement of it says.
   */
  created: { id: number; name?: string } | null
}

export const initialWizardState: WizardState = {
  status: 'editing',
  step: 0,
  pending: null,
  failure: null,
  created: null,
}

const LAST_STEP = WIZARD_STEP_COUNT - 1

const { move } = createMachine<WizardStatus, WizardEvent, WizardState>(
  WIZARD_TRANSITIONS,
  (state) => {
    if (state.status !== 'failed') state.failure = null
    if (state.status !== 'validating') state.pending = null
  },
)

/** Whether the wizard is where a fresh screen starts: `opened` would change nothing. */
export const isFreshWizard = (state: WizardState) =>
  state.status === 'editing' && state.step === 0 && state.pending === null

export function submitFailureOf(payload: unknown, error: SerializedError): SubmitFailure {
  // No server reached: a clerk needs the translated sentence, not "TypeError: Failed to fetch".
  const status = errorStatus(payload)
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return { kind: 'network' }
  const translated = translatedErrorId(payload)
  if (translated) return { kind: 'translated', id: translated }
  const fromServer = serverMessage(payload)
  if (fromServer) return { kind: 'serverMessage', message: fromServer }
  const own =
    payload && typeof payload === 'object' && 'error' in payload
      ? (payload as { error?: unknown }).error
      : undefined
  if (typeof own === 'string' && own) return { kind: 'errorMessage', message: own }
  if (!payload && error.message && error.name !== 'ConditionError') {
    return { kind: 'errorMessage', message: error.message }
  }
  return { kind: 'generic' }
}

const wizardSlice = createSessionSlice({
  name: 'wizard',
  initialState: initialWizardState,
  reducers: {
    nextRequested(state) {
      if (state.step < LAST_STEP && move(state, 'nextRequested')) {
        state.pending = state.step + 1
        state.created = null
      }
    },
    backRequested(state) {
      if (state.step > 0 && move(state, 'backRequested')) state.step -= 1
    },
    /** Spec 2.5: a header up to current + 1; one behind the current step goes straight there. */
    stepClicked(state, action: PayloadAction<number>) {
      const target = action.payload
      if (!Number.isInteger(target) || target < 0 || target > state.step + 1) return
      if (target > LAST_STEP || target === state.step) return
      if (target < state.step) {
        if (move(state, 'backRequested')) state.step = target
      } else if (move(state, 'stepClicked')) state.pending = target
    },
    stepValidated(state) {
      const target = state.pending
      if (typeof target === 'number' && move(state, 'stepValidated')) state.step = target
    },
    /** The step that failed (the first failing one when submitting, spec 4.5). */
    stepInvalid(state, action: PayloadAction<number>) {
      if (move(state, 'stepInvalid')) state.step = Math.min(Math.max(action.payload, 0), LAST_STEP)
    },
    submitRequested(state) {
      if (state.step === LAST_STEP && move(state, 'submitRequested')) state.pending = 'submit'
    },
    /** A submit refused before any request (no stored token, spec 8.2). */
    submitFailed(state, action: PayloadAction<SubmitFailure>) {
      if (move(state, 'submitFailed')) state.failure = action.payload
    },
    resetDue(state) {
      if (move(state, 'resetDue')) state.step = 0
    },
    errorDismissed: (state) => void move(state, 'errorDismissed'),
    /** A kept draft was taken back (issue 28): its step, within 0–6. */
    draftRestored(state, action: PayloadAction<number>) {
      const target = action.payload
      if (!Number.isInteger(target) || target < 0 || target > LAST_STEP) return
      if (move(state, 'draftRestored')) {
        state.step = target
        state.created = null
      }
    },
    /** The screen mounted with an empty form: the wizard starts again at step 0. */
    opened(state) {
      if (move(state, 'opened')) state.step = 0
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(wizardApi.endpoints.createMember.matchPending, (state) => {
        move(state, 'submitStarted')
      })
      .addMatcher(wizardApi.endpoints.createMember.matchFulfilled, (state, action) => {
        if (move(state, 'submitSucceeded')) {
          const payload = action.payload as Partial<Member> | undefined
          const name = payload ? fullName(payload) : ''
          state.created =
            typeof payload?.id === 'number' ? { id: payload.id, ...(name && { name }) } : null
        }
      })
      .addMatcher(wizardApi.endpoints.createMember.matchRejected, (state, action) => {
        if (move(state, 'submitFailed'))
          state.failure = submitFailureOf(action.payload, action.error)
      })
  },
  selectors: {
    selectWizard: (state) => state,
    selectWizardStep: (state) => state.step,
    selectWizardStatus: (state) => state.status,
  },
})

export const wizardEvents = wizardSlice.actions
// Lazily registered: the reducer joins the store when this feature's code loads (with its
// route), so the login route does not carry it. Injected selectors read the initial state
// until then.
declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof wizardSlice> {}
}
const injectedWizardSlice = wizardSlice.injectInto(rootReducer)

export const { selectWizard, selectWizardStep, selectWizardStatus } = injectedWizardSlice.selectors
export default wizardSlice
