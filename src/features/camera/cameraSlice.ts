import { type WithSlice, type PayloadAction } from '@reduxjs/toolkit'
import { createSessionSlice } from '../../app/sessionEvents'
import { rootReducer } from '../../app/store'
import { createMachine, transitionTable, type EventOf } from '../../shared/createMachine'

/**
 * Which event may move the camera dialog from which status (spec 4.6); anything else is
 * ignored. Retake resumes the live preview when the stream is still there (previewResumed) and
 * restarts the camera when it is gone (retakeRequested).
 */
export const CAMERA_TRANSITIONS = transitionTable({
  closed: { opened: 'initializing' },
  initializing: { streamReady: 'ready', streamFailed: 'failed', closed: 'closed' },
  ready: {
    photoCaptured: 'captured',
    captureFailed: 'failed',
    streamFailed: 'failed',
    closed: 'closed',
  },
  captured: {
    retakeRequested: 'initializing',
    previewResumed: 'ready',
    photoAccepted: 'closed',
    closed: 'closed',
  },
  failed: { retryRequested: 'initializing', closed: 'closed' },
})
export type CameraStatus = keyof typeof CAMERA_TRANSITIONS
export type CameraEvent = EventOf<typeof CAMERA_TRANSITIONS>

/** Spec 8.3, as message ids. */
export type CameraErrorId =
  | 'cameraPermissionDenied'
  | 'cameraNotFound'
  | 'cameraInUse'
  | 'cameraInitTimeout'
  | 'cameraUnknownError'
  | 'cameraPreviewPlayFailed'
  | 'cameraPreviewTimeout'
  | 'cameraCaptureFailed'

export interface CameraState {
  status: CameraStatus
  error: CameraErrorId | null
  /** Counts camera starts, so the dialog starts a new stream for each one. */
  attempt: number
}

export const initialCameraState: CameraState = { status: 'closed', error: null, attempt: 0 }

const { move } = createMachine<CameraStatus, CameraEvent, CameraState>(
  CAMERA_TRANSITIONS,
  (state) => {
    if (state.status === 'initializing') state.attempt += 1
    if (state.status !== 'failed') state.error = null
  },
)

const cameraSlice = createSessionSlice({
  name: 'camera',
  initialState: initialCameraState,
  reducers: {
    opened: (state) => void move(state, 'opened'),
    streamReady: (state) => void move(state, 'streamReady'),
    streamFailed(state, action: PayloadAction<CameraErrorId>) {
      if (move(state, 'streamFailed')) state.error = action.payload
    },
    photoCaptured: (state) => void move(state, 'photoCaptured'),
    captureFailed(state) {
      if (move(state, 'captureFailed')) state.error = 'cameraCaptureFailed'
    },
    retakeRequested: (state) => void move(state, 'retakeRequested'),
    previewResumed: (state) => void move(state, 'previewResumed'),
    photoAccepted: (state) => void move(state, 'photoAccepted'),
    retryRequested: (state) => void move(state, 'retryRequested'),
    closed: (state) => void move(state, 'closed'),
  },
  selectors: {
    selectCameraStatus: (state) => state.status,
    selectCameraError: (state) => state.error,
    selectCameraAttempt: (state) => state.attempt,
  },
})

export const cameraEvents = cameraSlice.actions
// Lazily registered: the reducer joins the store when this feature's code loads (with its
// route), so the login route does not carry it. Injected selectors read the initial state
// until then.
declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof cameraSlice> {}
}
const injectedCameraSlice = cameraSlice.injectInto(rootReducer)

export const { selectCameraStatus, selectCameraError, selectCameraAttempt } =
  injectedCameraSlice.selectors
export default cameraSlice

/** getUserMedia's failure → the spec 8.3 message for it. */
export function cameraErrorOf(error: unknown): CameraErrorId {
  const name = error instanceof Error || error instanceof DOMException ? error.name : ''
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'cameraPermissionDenied'
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'cameraNotFound'
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'cameraInUse'
    default:
      return 'cameraUnknownError'
  }
}
