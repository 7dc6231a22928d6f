/** The server keeps photos at most this many pixels on the long edge (src/server/platform/photos.ts). */
export const QUEUED_PHOTO_MAX_EDGE = 1024
/** JPEG quality of a downscaled photo: the server's own (q85). */
export const QUEUED_PHOTO_QUALITY = 0.85

/** The size that fits within max × max with the same proportions, never enlarged. */
export function fitWithin(
  width: number,
  height: number,
  max = QUEUED_PHOTO_MAX_EDGE,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height))
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  }
}

/**
 * A photo as the server would keep it, before it is queued on the device: at most 1024 px on
 * the long edge, JPEG. Uses createImageBitmap (which applies the EXIF orientation) and a canvas.
 * Answers the original when it cannot be decoded here (the server judges it when sent) or when
 * it is already smaller than its re-encoding.
 */
export async function downscalePhoto(photo: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return photo
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(photo)
  } catch {
    return photo
  }
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height)
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const context = canvas.getContext('2d')
    if (!context) return photo
    context.drawImage(bitmap, 0, 0, width, height)
    const smaller = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', QUEUED_PHOTO_QUALITY),
    )
    const alreadyFits = bitmap.width === width && bitmap.height === height
    if (!smaller || (alreadyFits && smaller.size >= photo.size)) return photo
    return smaller
  } finally {
    bitmap.close()
  }
}
