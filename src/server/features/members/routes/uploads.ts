import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Kysely } from 'kysely'
import { parseUploadName } from '../../../../domain'
import type { Database } from '../../../db/tables'
import { sendError } from '../../../plugins/errors'
import { findPhotoBytes } from '../repository/photos'

import { uploadSchema } from '../schemas'
/**
 * Member photos and thumbnails. No bearer token: an <img src> cannot send one, so the name's
 * 128 random bits are the capability. A name is never reused for other bytes, so the name
 * itself is a strong ETag. `private, no-cache`: the browser revalidates each use (a 304 sends no
 * bytes), so once a photo is replaced, its member deleted or the office computer signed out, a
 * cached copy is not shown again without the server agreeing.
 */
export function uploadRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }) {
  const serve = async (name: string, ifNoneMatch: string | undefined, reply: FastifyReply) => {
    const upload = parseUploadName(name)
    const bytes = upload ? await findPhotoBytes(deps.db, upload.id, upload.thumbnail) : undefined
    if (!bytes) return sendError(reply, 404, 'Not found')
    const etag = `"${name.replace(/\.jpg$/, '')}"`
    reply
      .header('ETag', etag)
      .header('Cache-Control', 'private, no-cache')
      .header('Content-Type', 'image/jpeg')
    if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
      return reply.code(304).send()
    }
    return reply.send(bytes)
  }
  app.get<{ Params: { name: string } }>(
    '/uploads/:name',
    { schema: uploadSchema },
    (request, reply) => serve(request.params.name, request.headers['if-none-match'], reply),
  )
  // photo_path already carries the "uploads/" prefix (spec 3.1): a client that prepends
  // /uploads/ to it still finds the photo.
  app.get<{ Params: { name: string } }>(
    '/uploads/uploads/:name',
    { schema: uploadSchema },
    (request, reply) => serve(request.params.name, request.headers['if-none-match'], reply),
  )
}
