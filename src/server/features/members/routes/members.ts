import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../../db/tables'
import {
  type Member,
  memberCreateSchema,
  normalizeEnum,
  parseMemberInput,
} from '../../../../domain'
import { signedIn } from '../../auth'
import { ApiError } from '../../../plugins/errors'
import { containsNul, MAX_ID, NUL_IN_TEXT } from '../../../plugins/inputGuard'
import { readFormBody, registerMultipart } from '../../../plugins/multipart'
import { noStore } from '../../../plugins/security'
import { idempotencyKey, replayed } from '../../../plugins/idempotency'
import { MemberListSlots } from '../listSlots'
import {
  countSearchMatches,
  createMember,
  deleteMember,
  findKeyedMember,
  listMembers,
  readMember,
  searchMemberPage,
  transferMember,
  updateMember,
} from '../service'
import {
  memberCountSchema,
  memberDeleteSchema,
  memberListSchema,
  memberReadSchema,
  memberRegisterSchema,
  memberSearchSchema,
  memberTransferSchema,
  memberUpdateSchema,
} from '../schemas'

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

/** A transfer's `with_household`: true (or "true") carries the head's household along. */
function withHousehold(body: unknown): boolean {
  const raw =
    body && typeof body === 'object' ? (body as Record<string, unknown>).with_household : undefined
  if (raw === undefined || raw === null || raw === false || raw === 'false') return false
  if (raw === true || raw === 'true') return true
  throw new ApiError(400, 'with_household must be true or false', {
    with_household: 'invalidValue',
  })
}

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
 * 404 everywhere. The routes read and answer HTTP; each use case is a function of service.ts.
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

export async function memberRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; memberList?: MemberListOptions },
) {
  const { db } = deps
  const listSlots = deps.memberList?.slots ?? new MemberListSlots(2)
  await app.register(async (scope) => {
    await registerMultipart(scope)
    scope.addHook('preHandler', scope.requireUser)
    // Member data is personal: no shared cache, no browser cache (what spec 7.2's _cb is for).
    scope.addHook('onSend', noStore)

    // The spec's plain array, streamed: a 20,000-member account is ~30 MB of JSON.
    scope.get<{ Querystring: OwnerQuery }>(
      '/api/members',
      { schema: memberListSchema },
      async (request, reply) => {
        const user = signedIn(request)
        const { owner, pages } = listMembers(
          db,
          user,
          request.query.owner,
          deps.memberList?.pageSize,
        )
        // Every account's list (owner=all) counts against the caller's own places.
        const release = listSlots.acquire(owner ?? user.id)
        // Given back when the stream ends, fails, or the client goes away before it starts.
        reply.raw.once('close', release)
        return reply
          .type('application/json; charset=utf-8')
          .send(Readable.from(memberListJson(pages, release)))
      },
    )

    scope.get<{ Querystring: SearchQuery }>(
      '/api/members/search',
      { schema: memberSearchSchema },
      async (request) => {
        const { q, owner, cursor, limit, count } = request.query
        const status = statusFilter(request.query.status)
        return searchMemberPage(db, signedIn(request), {
          owner,
          query: q,
          status,
          limit,
          cursor,
          count,
        })
      },
    )

    // The total of a search whose pages were asked for uncounted (decision 0142).
    scope.get<{ Querystring: SearchQuery }>(
      '/api/members/search/count',
      { schema: memberCountSchema },
      async (request) => {
        const status = statusFilter(request.query.status)
        const { q, owner } = request.query
        return countSearchMatches(db, signedIn(request), { owner, query: q, status })
      },
    )

    scope.get<{ Params: IdParams }>(
      '/api/members/:id',
      { schema: memberReadSchema },
      async (request) => {
        const id = memberId(request.params)
        return readMember(db, signedIn(request), id)
      },
    )

    scope.post(
      '/api/members',
      {
        preHandler: scope.requireAllowed('member.create'),
        schema: memberRegisterSchema,
        // The form is checked field by field below, with the member form's own messages.
        attachValidation: true,
      },
      async (request, reply) => {
        const user = signedIn(request)
        const key = idempotencyKey(request)
        // A repeat of a request that was answered (the device never saw the answer): same member.
        const earlier = key ? await findKeyedMember(db, user, key) : undefined
        if (earlier) return replayed(reply, earlier)
        const form = await readFormBody(request)
        const parsed = parseMemberInput(form.fields, memberCreateSchema())
        if (!parsed.ok) throw invalid(parsed.errors)
        // List fields arrive as JSON text, whose \u0000 escapes only show once parsed.
        if (containsNul(parsed.value)) throw new ApiError(400, NUL_IN_TEXT)
        const created = await createMember(db, user, {
          input: parsed.value,
          photo: form.photo,
          key,
        })
        if (created.replayed) return replayed(reply, created.member)
        return reply.code(201).send(created.member)
      },
    )

    scope.put<{ Params: IdParams }>(
      '/api/members/:id',
      { schema: memberUpdateSchema, attachValidation: true },
      async (request) => {
        const user = signedIn(request)
        const id = memberId(request.params)
        const form = await readFormBody(request)
        return updateMember(db, user, id, form)
      },
    )

    scope.delete<{ Params: IdParams }>(
      '/api/members/:id',
      { schema: memberDeleteSchema },
      async (request, reply) => {
        const user = signedIn(request)
        const id = memberId(request.params)
        await deleteMember(db, user, id)
        return reply.code(204).send()
      },
    )

    scope.post<{ Params: IdParams }>(
      '/api/members/transfer/:id',
      {
        preHandler: scope.requireAllowed('member.transfer'),
        schema: memberTransferSchema,
        attachValidation: true,
      },
      async (request) => {
        const user = signedIn(request)
        const id = memberId(request.params)
        const target = targetUserId(request.body)
        const member = await transferMember(db, user, id, target, withHousehold(request.body))
        return { success: true, member }
      },
    )
  })
}
