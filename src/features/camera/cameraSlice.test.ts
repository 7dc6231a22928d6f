import { loggedOut, sessionExpired } from '../../app/sessionEvents'
import { itFollowsTheTable, transitions } from '../../testing/machineTables'
import cameraSlice, {
  CAMERA_TRANSITIONS,
  cameraErrorOf,
  cameraEvents,
  initialCameraState,
  type CameraEvent,
  type CameraState,
  type CameraStatus,
} from './cameraSlice'

function actionFor(event: CameraEvent) {
  return event === 'streamFailed'
    ? cameraEvents.streamFailed('cameraPermissionDenied')
    : cameraEvents[event]()
}

// Written by hand, illegal events included (-: ignored, the state unchanged).
const ROWS = transitions<CameraStatus, CameraEvent>`
  closed        opened           initializing
  closed        streamReady      -
  closed        photoCaptured    -
  closed        closed           -
  initializing  streamReady      ready
  initializing  streamFailed     failed
  initializing  closed           closed
  initializing  photoCaptured    -
  initializing  opened           -
  ready         photoCaptured    captured
  ready         captureFailed    failed
  ready         streamFailed     failed
  ready         closed           closed
  ready         photoAccepted    -
  ready         retakeRequested  -
  captured      retakeRequested  initializing
  captured      previewResumed   ready
  captured      photoAccepted    closed
  captured      closed           closed
  captured      photoCaptured    -
  failed        retryRequested   initializing
  failed        closed           closed
  failed        photoCaptured    -
  failed        streamReady      -
`

describe('camera state machine (spec 4.6)', () => {
  itFollowsTheTable({
    table: CAMERA_TRANSITIONS,
    rows: ROWS,
    dispatchedBy: { feature: 'camera', actionNames: Object.keys(cameraEvents) },
    reducer: {
      stateIn: (status): CameraState => ({ ...initialCameraState, status }),
      apply: (state, event) => cameraSlice.reducer(state, actionFor(event)),
      statusOf: (s) => s.status,
    },
  })

  it.each([loggedOut(), sessionExpired()])('stops on %p', (ended) => {
    const state: CameraState = { status: 'failed', error: 'cameraInUse', attempt: 2 }
    expect(cameraSlice.reducer(state, ended)).toEqual(initialCameraState)
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
