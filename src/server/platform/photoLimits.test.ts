import zlib from 'node:zlib'
import { ApiError } from '../plugins/errors'
import { pngImage } from '../testing/memberForms'
import { MAX_PHOTO_PIXELS, PHOTO_TOO_LARGE, processPhoto } from './photos'
import { WorkQueue } from './workQueue'

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A small PNG file whose header claims width × height 16-bit RGBA pixels. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.writeUInt8(16, 8) // bit depth
  header.writeUInt8(6, 9) // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

async function refusal(upload: Buffer, queue?: WorkQueue): Promise<ApiError> {
  try {
    await processPhoto(upload, queue)
  } catch (error) {
    return error as ApiError
  }
  throw new Error('the photo was accepted')
}

describe('photo decoding limits', () => {
  it.each([
    [10_000, 10_000],
    [7_000, 6_000],
    [65_000, 700],
  ])('refuses a %i × %i image with 413 from its header, before decoding', async (w, h) => {
    expect(w * h).toBeGreaterThan(MAX_PHOTO_PIXELS)
    const started = performance.now()
    const error = await refusal(pngClaiming(w, h))
    expect(error).toBeInstanceOf(ApiError)
    expect(error.statusCode).toBe(413)
    expect(error.message).toBe(PHOTO_TOO_LARGE)
    expect(PHOTO_TOO_LARGE).toMatch(/40 megapixels/)
    // Reading a header is instant; decoding 100 megapixels takes seconds.
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('decodes through the photo queue: with the queue full, a photo is refused with 503', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxQueued: 0, busyMessage: 'photos busy' })
    let free!: () => void
    const holding = queue.run(() => new Promise<void>((resolve) => (free = resolve)))
    const error = await refusal(await pngImage(40, 30), queue)
    expect(error.statusCode).toBe(503)
    expect(error.message).toBe('photos busy')
    free()
    await holding
    await expect(processPhoto(await pngImage(40, 30), queue)).resolves.toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
    })
  })
})
