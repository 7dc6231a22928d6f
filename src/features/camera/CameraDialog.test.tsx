import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithProviders } from '../../testing/renderWithProviders'
import { CameraDialog } from './CameraDialog'
import { cameraEvents } from './cameraSlice'
import { CAMERA_CONSTRAINTS } from './cameraStream'

const stop = jest.fn()
const stream = {
  getTracks: () => [{ stop }],
  getVideoTracks: () => [{ stop, readyState: 'live' }],
} as unknown as MediaStream
const getUserMedia = jest.fn<Promise<MediaStream>, [MediaStreamConstraints]>()
const play = jest.fn<Promise<void>, []>()

beforeEach(() => {
  stop.mockReset()
  getUserMedia.mockReset().mockResolvedValue(stream)
  play.mockReset().mockResolvedValue(undefined)
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } })
  HTMLMediaElement.prototype.play = play
})
afterEach(() => jest.useRealTimers())

function openDialog(onPhoto = jest.fn()) {
  const view = renderWithProviders(<CameraDialog onPhoto={onPhoto} />)
  act(() => {
    view.store.dispatch(cameraEvents.opened())
  })
  return { ...view, onPhoto }
}

describe('camera dialog (spec 2.5, 4.6, 8.3, 9.5)', () => {
  it.each([
    [
      'NotAllowedError',
      'Camera access was denied. Please allow camera permissions in your browser settings.',
    ],
    ['NotFoundError', 'No camera detected. Please ensure your device has a working camera.'],
    ['NotReadableError', 'Camera is already in use by another application or not accessible.'],
    ['AbortError', 'Camera is already in use by another application or not accessible.'],
    [
      'TypeError',
      'Could not access camera. Please ensure your device has a working camera and try again.',
    ],
  ])('shows getUserMedia %s as "%s" with a retry', async (name, text) => {
    getUserMedia.mockRejectedValueOnce(new DOMException('no', name))
    const { store } = openDialog()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Camera error')
    expect(alert).toHaveTextContent(text)
    await userEvent.setup().click(screen.getByRole('button', { name: /Retry camera/ }))
    await waitFor(() => expect(store.getState().camera?.status).toBe('ready'))
    expect(getUserMedia).toHaveBeenCalledTimes(2)
  })

  it('asks for the front camera without audio at the 9.5 resolution and frame rate', async () => {
    const { store } = openDialog()
    expect(screen.getByText('Initializing camera…')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Capture/ })).toBeDisabled()
    await waitFor(() => expect(store.getState().camera?.status).toBe('ready'))
    expect(getUserMedia).toHaveBeenCalledWith(CAMERA_CONSTRAINTS)
    expect(CAMERA_CONSTRAINTS).toEqual({
      audio: false,
      video: {
        facingMode: 'user',
        width: { ideal: 640, max: 1280 },
        height: { ideal: 480, max: 720 },
        frameRate: { ideal: 15, min: 10 },
      },
    })
    expect(screen.getByRole('button', { name: /Capture/ })).toBeEnabled()
    expect(screen.getByLabelText('Live camera preview')).toHaveStyle({ transform: 'scaleX(-1)' })
  })

  it('times out after 10 s of waiting for the camera', async () => {
    jest.useFakeTimers()
    getUserMedia.mockReturnValueOnce(new Promise(() => undefined))
    openDialog()
    await act(async () => void jest.advanceTimersByTime(10_000))
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Camera initialization timed out. Please try again.',
    )
  })

  it('reports a preview that fails to play', async () => {
    play.mockRejectedValueOnce(new Error('NotAllowed'))
    openDialog()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to start camera preview. Please try again.',
    )
    expect(stop).toHaveBeenCalled()
  })

  it('reports a preview that does not start within 5 s', async () => {
    jest.useFakeTimers()
    play.mockReturnValueOnce(new Promise(() => undefined))
    openDialog()
    await act(async () => undefined) // the stream arrives, the preview starts waiting
    await act(async () => void jest.advanceTimersByTime(5_000))
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Camera preview failed to start. Please try again.',
    )
  })

  it('captures, retakes and hands over camera-photo.jpg, then stops every track', async () => {
    const user = userEvent.setup()
    const { store, onPhoto } = openDialog()
    await waitFor(() => expect(store.getState().camera?.status).toBe('ready'))
    const video = screen.getByLabelText('Live camera preview')

    // jsdom's video has no frame yet: the 8.3 "not ready" message.
    await user.click(screen.getByRole('button', { name: /Capture/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Camera is not ready yet')

    Object.defineProperty(video, 'videoWidth', { value: 640 })
    Object.defineProperty(video, 'videoHeight', { value: 480 })
    const toBlob = jest
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((done, type) => done(new Blob(['jpeg'], { type: type ?? '' })))
    const getContext = jest
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockReturnValue({ drawImage: jest.fn() } as unknown as CanvasRenderingContext2D)
    URL.createObjectURL = jest.fn(() => 'blob:still')
    URL.revokeObjectURL = jest.fn()

    await user.click(screen.getByRole('button', { name: /Capture/ }))
    expect(await screen.findByRole('img', { name: 'Captured photo' })).toBeInTheDocument()
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.95)
    await user.click(screen.getByRole('button', { name: /Retake/ }))
    expect(store.getState().camera?.status).toBe('ready')

    await user.click(screen.getByRole('button', { name: /Capture/ }))
    await user.click(await screen.findByRole('button', { name: /Use Photo/ }))
    const file = onPhoto.mock.calls[0][0] as File
    expect(file.name).toBe('camera-photo.jpg')
    expect(file.type).toBe('image/jpeg')
    expect(store.getState().camera?.status).toBe('closed')
    expect(stop).toHaveBeenCalled()
    getContext.mockRestore()
    toBlob.mockRestore()
  })

  it('reports a failed capture', async () => {
    const user = userEvent.setup()
    const { store } = openDialog()
    await waitFor(() => expect(store.getState().camera?.status).toBe('ready'))
    Object.defineProperty(screen.getByLabelText('Live camera preview'), 'videoWidth', {
      value: 640,
    })
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValueOnce(null)
    await user.click(screen.getByRole('button', { name: /Capture/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to capture photo. Please try again.',
    )
  })

  it('stops the camera on Cancel and when the screen goes away', async () => {
    const user = userEvent.setup()
    const { store, unmount } = openDialog()
    await waitFor(() => expect(store.getState().camera?.status).toBe('ready'))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(store.getState().camera?.status).toBe('closed')
    expect(stop).toHaveBeenCalledTimes(1)

    act(() => void store.dispatch(cameraEvents.opened()))
    await waitFor(() => expect(store.getState().camera?.status).toBe('ready'))
    unmount()
    expect(stop).toHaveBeenCalledTimes(2)
    expect(store.getState().camera?.status).toBe('closed')
  })
})
