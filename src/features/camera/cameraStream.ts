// Getting the camera running (spec 9.5): constraints, time-outs, the ready delay. The stream
// lives in the dialog's ref, never in the store; these functions only report what happened.
import type { CameraErrorId } from './cameraSlice'
import { cameraErrorOf } from './cameraSlice'

export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: {
    facingMode: 'user',
    width: { ideal: 640, max: 1280 },
    height: { ideal: 480, max: 720 },
    frameRate: { ideal: 15, min: 10 },
  },
}
export const INIT_TIMEOUT_MS = 10_000
export const PREVIEW_TIMEOUT_MS = 5_000
export const READY_DELAY_MS = 300
export const PHOTO_TYPE = 'image/jpeg'
export const PHOTO_QUALITY = 0.95
export const PHOTO_NAME = 'camera-photo.jpg'

export class CameraFailure extends Error {
  constructor(readonly id: CameraErrorId) {
    super(id)
  }
}

export function stopStream(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((track) => track.stop())
}

export function isLive(stream: MediaStream | null | undefined): boolean {
  return Boolean(stream?.getVideoTracks().some((track) => track.readyState === 'live'))
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Asks for the camera, giving up after 10 s. A stream that arrives after the time-out or after
 * `isCancelled()` turns true is stopped at once, so no camera light stays on.
 */
export async function openCamera(isCancelled: () => boolean): Promise<MediaStream> {
  const media = globalThis.navigator?.mediaDevices
  // No mediaDevices at all: an old browser or a page not served over HTTPS.
  if (!media?.getUserMedia) throw new CameraFailure('cameraUnknownError')
  let timedOut = false
  const request = media.getUserMedia(CAMERA_CONSTRAINTS).then((stream) => {
    if (timedOut || isCancelled()) stopStream(stream)
    return stream
  })
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true
      reject(new CameraFailure('cameraInitTimeout'))
    }, INIT_TIMEOUT_MS)
  })
  try {
    return await Promise.race([request, timeout])
  } catch (error) {
    throw error instanceof CameraFailure ? error : new CameraFailure(cameraErrorOf(error))
  } finally {
    clearTimeout(timer)
  }
}

/** Plays the stream in the video element; ready 300 ms after playback starts (spec 9.5). */
export async function startPreview(video: HTMLVideoElement, stream: MediaStream): Promise<void> {
  video.srcObject = stream
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CameraFailure('cameraPreviewTimeout')), PREVIEW_TIMEOUT_MS)
  })
  const play = Promise.resolve(video.play()).catch(() => {
    throw new CameraFailure('cameraPreviewPlayFailed')
  })
  try {
    await Promise.race([play, timeout])
  } finally {
    clearTimeout(timer)
  }
  await delay(READY_DELAY_MS)
}

/** The current video frame as a JPEG at quality 0.95; throws when the frame cannot be drawn. */
export async function captureFrame(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas')
  canvas.width = video.videoWidth
  canvas.height = video.videoHeight
  const context = canvas.getContext('2d')
  if (!context) throw new CameraFailure('cameraCaptureFailed')
  context.drawImage(video, 0, 0, canvas.width, canvas.height)
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, PHOTO_TYPE, PHOTO_QUALITY),
  )
  if (!blob) throw new CameraFailure('cameraCaptureFailed')
  return blob
}
