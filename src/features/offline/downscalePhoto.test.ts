import 'fake-indexeddb/auto'
import { Blob as NodeBlob } from 'node:buffer'
import { setupStore } from '../../testing/renderWithProviders'
import { downscalePhoto, fitWithin, QUEUED_PHOTO_MAX_EDGE } from './downscalePhoto'
import { listRegistrations } from './queueStore'
import { saveToQueue } from './sync'
import { emptyDevice } from '../../testing/device'

const bytes = (n: number, type = 'image/jpeg') =>
  new NodeBlob([new Uint8Array(n)], { type }) as unknown as Blob

/** A decoded image of the given size; the canvas encodes 1 byte per 8 pixels drawn. */
function fakeBrowser(width: number, height: number) {
  const close = jest.fn()
  globalThis.createImageBitmap = jest.fn(async () => ({ width, height, close })) as never
  const drawn: number[][] = []
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: (_: unknown, x: number, y: number, w: number, h: number) => drawn.push([x, y, w, h]),
  } as never)
  const toBlob = jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    done,
    type,
  ) {
    done(bytes(Math.ceil((this.width * this.height) / 8), type))
  })
  return { close, drawn, toBlob }
}

afterEach(() => {
  jest.restoreAllMocks()
  delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap
})

describe('fitWithin', () => {
  it('fits the long edge to 1024 px, keeps the proportions, never enlarges', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1024, height: 768 })
    expect(fitWithin(3000, 4000)).toEqual({ width: 768, height: 1024 })
    expect(fitWithin(5000, 10)).toEqual({ width: 1024, height: 2 })
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 })
  })
})

describe('downscalePhoto', () => {
  it('draws a large photo at most 1024 px on the long edge as a JPEG, and frees the bitmap', async () => {
    const { close, drawn, toBlob } = fakeBrowser(4032, 3024)
    const result = await downscalePhoto(bytes(6_000_000))
    expect(drawn).toEqual([[0, 0, 1024, 768]])
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.85)
    expect(result.type).toBe('image/jpeg')
    expect(result.size).toBe((1024 * 768) / 8)
    expect(close).toHaveBeenCalled()
  })

  it('keeps a small photo whose re-encoding would be larger', async () => {
    fakeBrowser(320, 240)
    const original = bytes(1000)
    expect(await downscalePhoto(original)).toBe(original)
  })

  it('keeps what this browser cannot decode (the server judges it when sent)', async () => {
    globalThis.createImageBitmap = jest.fn(async () => {
      throw new DOMException('bad', 'InvalidStateError')
    }) as never
    const original = bytes(10, 'image/heic')
    expect(await downscalePhoto(original)).toBe(original)
  })
})

describe('saving to the queue', () => {
  beforeEach(async () => {
    await emptyDevice()
  })

  it('stores the downscaled photo, so a phone photo takes a bounded place on the device', async () => {
    fakeBrowser(4000, 3000)
    const { store } = setupStore({ signedInAs: { id: 1, username: 'alice' } })
    const id = await store.dispatch(
      saveToQueue({ id: 'k', values: { first_name: 'Hanna' }, photo: bytes(8_000_000) }),
    )
    expect(id).toBe('k')
    const [saved] = await listRegistrations(1)
    expect(saved.photo?.size).toBeLessThanOrEqual(
      Math.ceil((QUEUED_PHOTO_MAX_EDGE * QUEUED_PHOTO_MAX_EDGE) / 8),
    )
    expect(saved.photo?.size).toBe((1024 * 768) / 8)
  })
})
