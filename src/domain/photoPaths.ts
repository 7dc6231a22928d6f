/** Upload names (GET /uploads/...): `<id>.jpg` is the photo, `<id>-thumb.jpg` its thumbnail. */
export function photoPath(id: string): string {
  return `uploads/${id}.jpg`
}

export function thumbnailPath(id: string): string {
  return `uploads/${id}-thumb.jpg`
}

const UPLOAD_NAME = /^([0-9a-f]{32})(-thumb)?\.jpg$/

export function parseUploadName(name: string): { id: string; thumbnail: boolean } | undefined {
  const match = UPLOAD_NAME.exec(name)
  return match ? { id: match[1], thumbnail: match[2] !== undefined } : undefined
}

/** The photo formats the server stores (it re-encodes them); the file choosers offer only these. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export const PHOTO_ACCEPT = PHOTO_TYPES.join(',')
export const isPhotoType = (type: string) => (PHOTO_TYPES as readonly string[]).includes(type)
