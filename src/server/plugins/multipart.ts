import fastifyMultipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { hasControlCharacter } from '../../domain'
import { MAX_PHOTO_BYTES } from '../platform/photos'
import { ApiError } from './errors'
import { containsNul, NUL_IN_TEXT } from './inputGuard'

export const MAX_FIELDS = 100
export const MAX_FIELD_BYTES = 64 * 1024
/**
 * The largest multipart body: the file, every field at its limit, and room for part headers.
 * A larger declared Content-Length is a 413 before any part is read.
 */
export const MAX_FORM_BYTES = MAX_PHOTO_BYTES + (MAX_FIELDS + 1) * (MAX_FIELD_BYTES + 1024)
/** The one file part a member form may carry (spec 7.3, 7.4). */
export const PHOTO_PART = 'photo'

/**
 * Multipart for the scope it is registered in, with limits: one file of at most 10 MB, at most
 * 100 fields of 64 KB each, a body of at most MAX_FORM_BYTES. Nothing is written to disk; the
 * photo is read into memory because it is re-encoded before anything is stored.
 */
export async function registerMultipart(app: FastifyInstance) {
  // Other bodies have Fastify's bodyLimit; the multipart parser reads as it goes and has none.
  app.addHook('onRequest', async (request) => {
    if (Number(request.headers['content-length']) > MAX_FORM_BYTES) {
      throw new ApiError(413, 'The form is too large')
    }
  })
  await app.register(fastifyMultipart, {
    // Busboy drops a part it will not hand over (a line break in its name, no form-data
    // disposition, over the fields or files limit) by draining it; a dropped part larger than
    // this high-water mark and written at once stalls the parser, and the request never ends
    // (decision 0236). Above the largest body, no write can reach it.
    fileHwm: MAX_FORM_BYTES + 1,
    limits: {
      fieldNameSize: 200,
      fieldSize: MAX_FIELD_BYTES,
      fields: MAX_FIELDS,
      fileSize: MAX_PHOTO_BYTES,
      files: 1,
      parts: MAX_FIELDS + 1,
      headerPairs: 50,
    },
  })
}

export interface FormBody {
  /** Field name → value: strings from multipart, anything JSON can hold from a JSON body. */
  fields: Record<string, unknown>
  photo?: Buffer
}

/**
 * Reads a member form: multipart as the spec sends it, or a JSON object for scripts and curl.
 * Other file parts are read and dropped; a repeated field keeps its last value.
 */
export async function readFormBody(request: FastifyRequest): Promise<FormBody> {
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>
  if (!request.isMultipart()) {
    const body = request.body
    if (body === undefined || body === null) return { fields }
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new ApiError(400, 'The request body must be a form or a JSON object')
    }
    return { fields: Object.assign(fields, body) }
  }
  let photo: Buffer | undefined
  let parts = 0
  try {
    for await (const part of formParts(request)) {
      parts += 1
      if (part.type === 'file') {
        const bytes = await readFilePart(part.toBuffer.bind(part))
        // An empty file input (no file chosen) arrives as a zero-byte part: no photo.
        if (part.fieldname === PHOTO_PART && bytes.length > 0) photo = bytes
        continue
      }
      if (part.valueTruncated || part.fieldnameTruncated) {
        throw new ApiError(413, `The form field "${part.fieldname.slice(0, 40)}" is too large`)
      }
      // The field's own message, as the member schema would give it: a NUL goes no further.
      if (containsNul(part.value)) {
        throw new ApiError(400, NUL_IN_TEXT, { [part.fieldname]: 'controlCharacter' })
      }
      fields[part.fieldname] = part.value
    }
  } catch (error) {
    throw asFormError(error)
  }
  // A form always carries fields: no part at all is an empty or unreadable body.
  if (parts === 0) throw new ApiError(400, UNREADABLE_FORM)
  return { fields, photo }
}

async function readFilePart(toBuffer: () => Promise<Buffer>): Promise<Buffer> {
  try {
    return await toBuffer()
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ApiError(413, 'The photo is larger than 10 MB')
    }
    throw error
  }
}

export const CONTROL_IN_NAME = 'A form field name must not contain control characters'
export const DROPPED_PART =
  'A part of the form could not be read: its name holds a line break, or it is not a form-data part with a name'

/**
 * The parts of a multipart request, as request.parts() hands them over, refusing the form with
 * a 400 when the body held a part the parser dropped (a line break in its name, no form-data
 * disposition; decision 0236): the raw body's part delimiters are counted as it streams past.
 */
export async function* formParts(request: FastifyRequest) {
  const counter = partCounter(String(request.headers['content-type'] ?? ''))
  const count = (chunk: Buffer) => counter?.push(chunk)
  // Attached before request.parts() pipes the body to the parser: both see every chunk.
  request.raw.on('data', count)
  let handed = 0
  try {
    for await (const part of request.parts()) {
      handed += 1
      checkPartName(part.fieldname)
      yield part
    }
    if (counter && counter.parts() > handed) throw new ApiError(400, DROPPED_PART)
  } finally {
    request.raw.off('data', count)
  }
}

/** The boundary of a multipart Content-Type, quoted or not (RFC 2046 §5.1.1). */
function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType)
  const boundary = match?.[1] ?? match?.[2]
  return boundary ? boundary : undefined
}

/**
 * Counts the parts of a multipart body as it streams: each delimiter (CRLF, "--", the
 * boundary) not followed by "--" opens one, as the parser reads them; the body is read as if
 * a CRLF came first, so a delimiter at its very start counts too. Nothing after the closing
 * delimiter counts.
 */
function partCounter(contentType: string) {
  const boundary = boundaryOf(contentType)
  if (!boundary) return undefined
  const delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1')
  let tail = Buffer.from('\r\n')
  let parts = 0
  let closed = false
  return {
    parts: () => parts,
    push(chunk: Buffer) {
      if (closed) return
      const data = Buffer.concat([tail, chunk])
      let from = 0
      for (;;) {
        const at = data.indexOf(delimiter, from)
        // Two more bytes tell an opening delimiter from the closing one: wait for them.
        if (at < 0 || at + delimiter.length + 2 > data.length) break
        from = at + delimiter.length
        if (data[from] === 0x2d && data[from + 1] === 0x2d) {
          closed = true
          return
        }
        parts += 1
      }
      const pending = data.indexOf(delimiter, from)
      tail = data.subarray(
        pending >= 0 ? pending : Math.max(from, data.length - delimiter.length - 1),
      )
    },
  }
}

/** A part's name is never stored, but a control character in it is a malformed form: 400. */
export function checkPartName(name: string) {
  if (containsNul(name)) throw new ApiError(400, NUL_IN_TEXT)
  if (hasControlCharacter(name, false)) throw new ApiError(400, CONTROL_IN_NAME)
}

export const UNREADABLE_FORM = 'The form could not be read: the upload is damaged or incomplete'

/**
 * Our own refusals and the multipart plugin's limits (4xx) pass through; anything else thrown
 * while parsing (busboy's "Unexpected end of form", a missing boundary) is the client's
 * malformed body, not a server fault.
 */
export function asFormError(error: unknown): unknown {
  if (error instanceof ApiError) return error
  const status = (error as { statusCode?: number }).statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) return error
  return new ApiError(400, UNREADABLE_FORM)
}
