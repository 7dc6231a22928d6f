import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Db } from '../../accounts/repository'
import {
  type Member,
  memberCreateSchema,
  memberUpdateSchema,
  normalizeEnum,
  normalizeMemberInput,
  parseMemberInput,
  validateMember,
} from '../../../../domain'
import type { Database } from '../../../db/tables'
import { FORBIDDEN, ownerScope, type RequestUser } from '../../auth/plugin'
import { ApiError } from '../../../plugins/errors'
import { containsNul, MAX_ID, NUL_IN_TEXT } from '../../../plugins/inputGuard'
import { readFormBody, registerMultipart } from '../../../plugins/multipart'
import {
  deleteMember,
  findMember,
  insertMember,
  listMemberPages,
  loadMemberInputForUpdate,
  saveMember,
  transferMember,
} from '../repository/members'
import { keepDeletedMember } from '../../restoreBin/repository'
import { claimKey, findMemberByKey, IDEMPOTENCY_KEY } from '../repository/createKeys'
import { findMemberOwner, ownersOf } from '../repository/access'
import { countMatches, MAX_SEARCH_LIMIT, searchMembers } from '../../search/repository'
import { findAccountState } from '../../accounts/repository'
import { MemberListSlots } from '../listSlots'
import { type Actor, memberChanges, recordEvent } from '../../history/service'
import { processPhoto } from '../../../platform/photos'

export const SELECT_TARGET_USER = 'Please select a user to transfer to'

interface IdParams {
  id: string
}

interface OwnerQuery {
  /** Admins and auditors: mine (default), all, or an account id. Clerks: ignored. */
  owner?: string
}

interface SearchQuery extends OwnerQuery {
  q?: string
  status?: string
  limit?: number
  cursor?: string
  count?: boolean
}

const SEARCH_FILTERS = {
  q: { type: 'string', maxLength: 200 },
  status: { type: 'string', maxLength: 40 },
  owner: { type: 'string', maxLength: 20 },
} as const

/** A search's status filter: a key or English label, or all; anything else is a 400. */
function statusFilter(raw: string | undefined): string | undefined {
  const status = raw?.trim()
  if (!status || status.toLowerCase() === 'all') return undefined
  const key = normalizeEnum('membership_status', status)
  if (!key) throw invalid({ status: 'invalidValue' })
  return key
}

const notFound = () => new ApiError(404, 'Member not found')
const invalid = (errors: Record<string, string>) => new ApiError(400, 'Validation failed', errors)

/** Route ids are positive integers; anything else names no member, beyond 32 bits a 400. */
function memberId(params: IdParams): number {
  if (!/^\d+$/.test(params.id)) throw notFound()
  const id = Number(params.id)
  if (id > MAX_ID) throw new ApiError(400, 'Invalid member id')
  if (id < 1) throw notFound()
  return id
}

function signedIn(request: FastifyRequest): RequestUser {
  if (!request.user) throw new ApiError(401, 'Authentication required')
  return request.user
}

const actorOf = (user: RequestUser): Actor => ({ id: user.id, username: user.username })

/**
 * The owner of a member the caller may read: its own, or any for admins and auditors. Another
 * account's member is a 404 for a clerk, as if it did not exist.
 */
async function readableOwner(db: Db, user: RequestUser, id: number): Promise<number> {
  const owner = await findMemberOwner(db, id)
  if (owner === undefined) throw notFound()
  if (owner !== user.id && user.role === 'clerk') throw notFound()
  return owner
}

/**
 * A member the caller may change (update, delete): only its owner. An auditor changes nothing
 * (403); an admin may see another account's member, so is told 403 rather than 404.
 */
async function writableMember(db: Db, user: RequestUser, id: number): Promise<void> {
  if (user.role === 'auditor') throw forbidden()
  const owner = await readableOwner(db, user, id)
  if (owner !== user.id) throw forbidden()
}

const forbidden = () => new ApiError(403, FORBIDDEN)

/** The target account of a transfer: a positive integer, given as a number or numeric text. */
function targetUserId(body: unknown): number {
  const raw =
    body && typeof body === 'object' ? (body as Record<string, unknown>).targetUserId : undefined
  const id = typeof raw === 'string' && /^\d{1,15}$/.test(raw.trim()) ? Number(raw) : raw
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
    throw new ApiError(400, SELECT_TARGET_USER, { targetUserId: 'fieldRequired' })
  }
  if (id > MAX_ID) {
    throw new ApiError(400, 'The selected user does not exist', { targetUserId: 'invalidValue' })
  }
  return id
}

/**
 * The member calls of ARCHITECTURE.md §3, all owner-scoped: another account's member reads as
 * 404 everywhere. Photos are re-encoded before a transaction opens; each write is one
 * transaction, so a refused request changes nothing.
 */
export interface MemberListOptions {
  /** Rows read per page of GET /api/members. */
  pageSize?: number
  slots?: MemberListSlots
}

/** The JSON array of an owner's members, serialised page by page as the pages are read. */
async function* memberListJson(pages: AsyncGenerator<Member[]>, done: () => void) {
  try {
    yield '['
    let first = true
    for await (const page of pages) {
      let chunk = ''
      for (const member of page) {
        chunk += (first ? '' : ',') + JSON.stringify(member)
        first = false
      }
      yield chunk
      // Back to the event loop between pages: over loopback a socket can take every page at
      // once, and the list would run on promise callbacks alone, starving other requests.
      await new Promise((resolve) => setImmediate(resolve))
    }
    yield ']'
  } finally {
    done()
  }
}

const IDEMPOTENCY_HEADER = 'idempotency-key'
const KEY_MEMBER_GONE =
  'This registration was already received; its member has since been deleted or moved'

/** Thrown inside the create transaction to roll it back: another request claimed the key. */
class KeyTakenRollback extends Error {}

/** The request's Idempotency-Key header (optional); a malformed one is a 400. */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value)) {
    throw new ApiError(400, 'Idempotency-Key must be 8 to 100 letters, digits, - or _', {
      'Idempotency-Key': 'invalidValue',
    })
  }
  return value
}

export async function memberRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; memberList?: MemberListOptions },
) {
  const { db } = deps
  const listSlots = deps.memberList?.slots ?? new MemberListSlots(2)
  await app.register(async (scope) => {
    await registerMultipart(scope)
    scope.addHook('preHandler', scope.requireUser)
    // Member data is personal: no shared cache, no browser cache (spec 7.2 sends _cb for it).
    scope.addHook('onSend', async (_request, reply: FastifyReply, payload) => {
      reply.header('Cache-Control', 'no-store')
      return payload
    })

    // The spec's plain array, streamed: a 20,000-member account is ~30 MB of JSON.
    scope.get<{ Querystring: OwnerQuery }>(
      '/api/members',
      {
        schema: {
          querystring: { type: 'object', properties: { owner: { type: 'string', maxLength: 20 } } },
        },
      },
      async (request, reply) => {
        const user = signedIn(request)
        const owner = ownerScope(user, request.query.owner)
        // Every account's list (owner=all) counts against the caller's own places.
        const release = listSlots.acquire(owner ?? user.id)
        // Given back when the stream ends, fails, or the client goes away before it starts.
        reply.raw.once('close', release)
        const pages = listMemberPages(db, owner, deps.memberList?.pageSize)
        return reply
          .type('application/json; charset=utf-8')
          .send(Readable.from(memberListJson(pages, release)))
      },
    )

    scope.get<{ Querystring: SearchQuery }>(
      '/api/members/search',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: {
              ...SEARCH_FILTERS,
              limit: { type: 'integer', minimum: 1 },
              cursor: { type: 'string', maxLength: 200 },
              count: { type: 'boolean' },
            },
          },
        },
      },
      async (request) => {
        const { q, cursor, limit, count } = request.query
        const status = statusFilter(request.query.status)
        const user = signedIn(request)
        const owner = ownerScope(user, request.query.owner)
        const page = await searchMembers(db, {
          ownerId: owner,
          query: q,
          status,
          limit: limit === undefined ? undefined : Math.min(limit, MAX_SEARCH_LIMIT),
          cursor: cursor || undefined,
          count,
        })
        if (owner === user.id) return page
        // Another account's or everyone's members: each item says whose it is.
        const owners = await ownersOf(
          db,
          page.items.map((item) => item.id),
        )
        return {
          ...page,
          items: page.items.map((item) => ({ ...item, ...owners.get(item.id) })),
        }
      },
    )

    // The total of a search whose pages were asked for uncounted (decision 0142).
    scope.get<{ Querystring: SearchQuery }>(
      '/api/members/search/count',
      { schema: { querystring: { type: 'object', properties: SEARCH_FILTERS } } },
      async (request) => {
        const status = statusFilter(request.query.status)
        const owner = ownerScope(signedIn(request), request.query.owner)
        return countMatches(db, { ownerId: owner, query: request.query.q, status })
      },
    )

    scope.get<{ Params: IdParams }>('/api/members/:id', async (request) => {
      const id = memberId(request.params)
      const user = signedIn(request)
      const owner = await readableOwner(db, user, id)
      const member = await findMember(db, owner, id)
      if (!member) throw notFound()
      if (owner === user.id) return member
      // Another account's member (admins, auditors): the client shows whose it is and hides Edit.
      return { ...member, ...(await ownersOf(db, [id])).get(id) }
    })

    scope.post('/api/members', async (request, reply) => {
      const user = signedIn(request)
      if (user.role === 'auditor') throw forbidden()
      const key = idempotencyKey(request)
      // A repeat of a request that was answered (the device never saw the answer): same member.
      const replay = async (memberId: number) => {
        const member = await findMember(db, user.id, memberId)
        if (!member) throw new ApiError(409, KEY_MEMBER_GONE)
        return reply.code(200).header('Idempotent-Replayed', 'true').send(member)
      }
      const earlier = key ? await findMemberByKey(db, user.id, key) : undefined
      if (earlier !== undefined) return replay(earlier)
      const form = await readFormBody(request)
      const parsed = parseMemberInput(form.fields, memberCreateSchema())
      if (!parsed.ok) throw invalid(parsed.errors)
      // List fields arrive as JSON text, whose \u0000 escapes only show once parsed.
      if (containsNul(parsed.value)) throw new ApiError(400, NUL_IN_TEXT)
      const photo = form.photo ? await processPhoto(form.photo) : undefined
      const member = await db
        .transaction()
        .execute(async (trx) => {
          const created = await insertMember(trx, {
            ownerId: user.id,
            registeredBy: user.username,
            input: parsed.value,
            photo,
          })
          // The same key twice at once: one request keeps its member, the other rolls back.
          if (key) {
            const claim = { userId: user.id, key, memberId: created.id, now: new Date() }
            if (!(await claimKey(trx, claim))) throw new KeyTakenRollback()
          }
          await recordEvent(trx, {
            actor: actorOf(user),
            action: 'member_create',
            memberId: created.id,
            details: { fields: memberChanges({}, { ...created, id: undefined }) },
          })
          return created
        })
        .catch((error: unknown) => {
          if (error instanceof KeyTakenRollback) return null
          throw error
        })
      if (member) return reply.code(201).send(member)
      const winner = key ? await findMemberByKey(db, user.id, key) : undefined
      if (winner === undefined) throw new ApiError(409, KEY_MEMBER_GONE)
      return replay(winner)
    })

    scope.put<{ Params: IdParams }>('/api/members/:id', async (request) => {
      const user = signedIn(request)
      const owner = user.id
      const id = memberId(request.params)
      const form = await readFormBody(request)
      // Someone else's member is a 404 (403 for an admin) whatever the body holds.
      await writableMember(db, user, id)
      const changes = normalizeMemberInput(form.fields)
      if (Object.keys(changes.errors).length > 0) throw invalid(changes.errors)
      if (containsNul(changes.value)) throw new ApiError(400, NUL_IN_TEXT)
      const photo = form.photo ? await processPhoto(form.photo) : undefined
      return db.transaction().execute(async (trx) => {
        const current = await loadMemberInputForUpdate(trx, owner, id)
        if (!current) throw notFound()
        const before = await findMember(trx, owner, id)
        // Parts present replace, absent fields stay; the merged whole must still be valid.
        const merged = { ...current, ...changes.value }
        const checked = validateMember(merged, memberUpdateSchema())
        if (!checked.ok) throw invalid(checked.errors)
        const saved = await saveMember(trx, owner, id, merged, photo)
        if (!saved || !before) throw notFound()
        const changed = memberChanges({ ...before }, { ...saved })
        const fields = Object.keys(changed)
        if (fields.length > 0) {
          await recordEvent(trx, {
            actor: actorOf(user),
            action:
              fields.length === 1 && fields[0] === 'photo_path' ? 'member_photo' : 'member_update',
            memberId: id,
            details: { changes: changed },
          })
        }
        return saved
      })
    })

    scope.delete<{ Params: IdParams }>('/api/members/:id', async (request, reply) => {
      const user = signedIn(request)
      const id = memberId(request.params)
      await writableMember(db, user, id)
      const deleted = await db.transaction().execute(async (trx) => {
        const member = await findMember(trx, user.id, id)
        if (!member) return false
        // Kept 30 days in the restore bin (fields and photo) before the row goes.
        await keepDeletedMember(trx, id, actorOf(user), new Date())
        if (!(await deleteMember(trx, user.id, id))) return false
        await recordEvent(trx, {
          actor: actorOf(user),
          action: 'member_delete',
          memberId: id,
          details: { first_name: member.first_name, last_name: member.last_name },
        })
        return true
      })
      if (!deleted) throw notFound()
      return reply.code(204).send()
    })

    scope.post<{ Params: IdParams }>('/api/members/transfer/:id', async (request) => {
      const user = signedIn(request)
      if (user.role === 'auditor') throw forbidden()
      const id = memberId(request.params)
      const target = targetUserId(request.body)
      const member = await db.transaction().execute(async (trx) => {
        // An admin hands over any account's member; a clerk only its own.
        const owner = await readableOwner(trx, user, id)
        if (owner !== user.id && user.role !== 'admin') throw notFound()
        if (target === owner) {
          throw new ApiError(400, 'A member cannot be transferred to your own account', {
            targetUserId: 'invalidValue',
          })
        }
        const account = await findAccountState(trx, target)
        if (!account || account.disabled) {
          throw new ApiError(400, 'The selected user does not exist', {
            targetUserId: 'invalidValue',
          })
        }
        const moved = await transferMember(trx, owner, id, target)
        if (moved) {
          // Both accounts by name, so the history reads "hanna → dawit", not an id.
          const from =
            owner === user.id ? user.username : (await findAccountState(trx, owner))?.username
          await recordEvent(trx, {
            actor: actorOf(user),
            action: 'member_transfer',
            memberId: id,
            subjectUserId: target,
            details: {
              changes: { owner_user_id: [owner, target] },
              from_username: from ?? null,
              to_username: account.username,
            },
          })
        }
        return moved
      })
      if (!member) throw notFound()
      return { success: true, member }
    })
  })
}
