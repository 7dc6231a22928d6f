import crypto from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { ApiError } from '../plugins/errors'
import { WorkQueue } from './workQueue'

/** A photo ready to store: both images re-encoded, so no byte of the upload survives. */
export interface ProcessedPhoto {
  id: string
  jpeg: Buffer
  thumbnail: Buffer
}

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024
export const PHOTO_MAX_EDGE = 1024
export const THUMBNAIL_EDGE = 128
export const NOT_AN_IMAGE = 'Only JPEG, PNG or WebP photos are accepted'
export const UNREADABLE_IMAGE = 'The photo could not be read: the file is damaged or incomplete'

const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp'])
/**
 * A 777 KB PNG can claim 10000 × 10000 16-bit pixels and cost seconds and hundreds of MB to
 * decode. 40 megapixels is more than phone cameras make (a 200 MP sensor saves 12-50 MP).
 */
export const MAX_PHOTO_PIXELS = 40_000_000
export const PHOTO_TOO_LARGE =
  'The photo has too many pixels: at most 40 megapixels are accepted. Please choose a smaller photo.'
export const PHOTOS_BUSY = 'The server is busy processing photos. Please try again in a moment.'

/** Photo decodes at once (each may take ~100 MB and a core); the rest wait their turn. */
export const PHOTO_DECODES = new WorkQueue({
  concurrency: 2,
  maxQueued: 32,
  busyMessage: PHOTOS_BUSY,
  retryAfter: 5,
})

/** 128 random bits: the name is the capability that lets an <img> fetch it without a token. */
export function newPhotoId(): string {
  return crypto.randomBytes(16).toString('hex')
}

/**
 * Checks the bytes (never the file name or the declared type) and re-encodes: oriented by EXIF,
 * at most 1024 px, JPEG q85, plus a 128 px square thumbnail. sharp writes no metadata unless
 * asked, so EXIF, GPS, XMP and ICC comments of the upload are gone. Throws ApiError 415 for
 * anything that is not a readable JPEG, PNG or WebP, 413 beyond 10 MB or 40 megapixels, 503
 * when the decode queue is full.
 */
export async function processPhoto(
  upload: Buffer,
  decodes: WorkQueue = PHOTO_DECODES,
): Promise<ProcessedPhoto> {
  if (upload.length > MAX_PHOTO_BYTES) throw new ApiError(413, 'The photo is larger than 10 MB')
  const type = await fileTypeFromBuffer(upload)
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw new ApiError(415, NOT_AN_IMAGE)
  // The header alone gives the size: refuse before any pixel is decoded.
  const size = await sharp(upload)
    .metadata()
    .catch(() => undefined)
  if (!size?.width || !size.height) throw new ApiError(415, UNREADABLE_IMAGE)
  if (size.width * size.height > MAX_PHOTO_PIXELS) throw new ApiError(413, PHOTO_TOO_LARGE)
  return decodes.run(() => reencode(upload))
}

async function reencode(upload: Buffer): Promise<ProcessedPhoto> {
  try {
    // failOn 'error' rejects truncated or corrupt data instead of decoding a grey half-picture.
    const jpeg = await sharp(upload, { failOn: 'error', limitInputPixels: MAX_PHOTO_PIXELS })
      .rotate()
      .resize({
        width: PHOTO_MAX_EDGE,
        height: PHOTO_MAX_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer()
    const thumbnail = await sharp(jpeg)
      .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: 'cover' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer()
    return { id: newPhotoId(), jpeg, thumbnail }
  } catch {
    throw new ApiError(415, UNREADABLE_IMAGE)
  }
}
