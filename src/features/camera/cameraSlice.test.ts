import cameraSlice, {
  CAMERA_TRANSITIONS,
  cameraErrorOf,
  cameraEvents,
  initialCameraState,
  type CameraEvent,
  type CameraState,
  type CameraStatus,
} from './cameraSlice'

const STATUSES = Object.keys(CAMERA_TRANSITIONS) as CameraStatus[]
const EVENTS: CameraEvent[] = [
  'opened',
  'streamReady',
  'streamFailed',
  'photoCaptured',
  'captureFailed',
  'retakeRequested',
  'previewResumed',
  'photoAccepted',
  'retryRequested',
  'closed',
]

function actionFor(event: CameraEvent) {
  return event === 'streamFailed'
    ? cameraEvents.streamFailed('cameraPermissionDenied')
    : cameraEvents[event]()
}

// Every (status, event) pair: the table's answer, or unchanged when the event is illegal.
const CASES = STATUSES.flatMap((from) =>
  EVENTS.map((event) => [from, event, CAMERA_TRANSITIONS[from][event] ?? from] as const),
)

describe('camera state machine (spec 4.6)', () => {
  it('follows the house transition table', () => {
    expect(CAMERA_TRANSITIONS).toMatchObject({
      closed: { opened: 'initializing' },
      initializing: { streamReady: 'ready', streamFailed: 'failed', closed: 'closed' },
      ready: { photoCaptured: 'captured', closed: 'closed' },
      captured: { retakeRequested: 'initializing', photoAccepted: 'closed', closed: 'closed' },
      failed: { retryRequested: 'initializing', closed: 'closed' },
    })
  })

  it.each(CASES)('%s + camera/%s → %s', (from, event, to) => {
    const state: CameraState = { ...initialCameraState, status: from }
    const next = cameraSlice.reducer(state, actionFor(event))
    expect(next.status).toBe(to)
    if (to === from && !CAMERA_TRANSITIONS[from][event]) expect(next).toBe(state)
  })

  it('action types read as events', () => {
    expect(cameraEvents.opened().type).toBe('camera/opened')
    expect(cameraEvents.streamReady().type).toBe('camera/streamReady')
    expect(cameraEvents.photoCaptured().type).toBe('camera/photoCaptured')
  })

  it('keeps the error of a failure and clears it on retry; counts every start', () => {
    let state = cameraSlice.reducer(undefined, cameraEvents.opened())
    expect(state.attempt).toBe(1)
    state = cameraSlice.reducer(state, cameraEvents.streamFailed('cameraInUse'))
    expect(state).toMatchObject({ status: 'failed', error: 'cameraInUse' })
    state = cameraSlice.reducer(state, cameraEvents.retryRequested())
    expect(state).toMatchObject({ status: 'initializing', error: null, attempt: 2 })
  })

  it.each([
    ['NotAllowedError', 'cameraPermissionDenied'],
    ['SecurityError', 'cameraPermissionDenied'],
    ['NotFoundError', 'cameraNotFound'],
    ['OverconstrainedError', 'cameraNotFound'],
    ['NotReadableError', 'cameraInUse'],
    ['AbortError', 'cameraInUse'],
    ['TypeError', 'cameraUnknownError'],
  ])('maps getUserMedia %s to %s', (name, id) => {
    expect(cameraErrorOf(new DOMException('x', name))).toBe(id)
  })
})
