import { countRows } from '../../../db/rowCounts'
import type { Db } from '../../../db/tables'
import type { ProcessedPhoto } from '../../../platform/photos'

/** Stores a member's photo, replacing (and so retiring the name of) any previous one. */
export async function replaceMemberPhoto(db: Db, memberId: number, photo: ProcessedPhoto) {
  await db.deleteFrom('photos').where('member_id', '=', memberId).execute()
  await db
    .insertInto('photos')
    .values({
      id: photo.id,
      member_id: memberId,
      jpeg: photo.jpeg,
      thumbnail: photo.thumbnail,
      created_at: new Date().toISOString(),
    })
    .execute()
}

/** The bytes behind an upload name, or undefined once the photo was replaced or deleted. */
export async function findPhotoBytes(
  db: Db,
  id: string,
  thumbnail: boolean,
): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('photos')
    .select(thumbnail ? 'thumbnail as bytes' : 'jpeg as bytes')
    .where('id', '=', id)
    .executeTakeFirst()
  return row ? Buffer.from(row.bytes) : undefined
}

export function countPhotos(db: Db): Promise<number> {
  return countRows(db, 'photos')
}
