import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import {
  memberCreateSchema,
  memberUpdateSchema,
  normalizeEnum,
  normalizeMemberInput,
  parseMemberInput,
  validateMember,
} from '../../domain'
import type { Database } from '../db/tables'
import { ApiError } from '../plugins/errors'
import { readFormBody, registerMultipart } from '../plugins/multipart'
import {
  deleteMember,
  findMember,
  insertMember,
  listMembers,
  loadMemberInputForUpdate,
  saveMember,
  transferMember,
} from '../repositories/members'
import { MAX_SEARCH_LIMIT, searchMembers } from '../repositories/memberSearch'
import { findAccountState } from '../repositories/users'
import { processPhoto } from '../services/photos'

export const SELECT_TARGET_USER = 'Please select a user to transfer to'

interface IdParams {
  id: string
}

interface SearchQuery {
  q?: string
  status?: string
  limit?: number
  cursor?: string
}

const notFound = () => new ApiError(404, 'Member not found')
const invalid = (errors: Record<string, string>) => new ApiError(400, 'Validation failed', errors)

/** Route ids are positive integers; anything else names no member. */
function memberId(params: IdParams): number {
  const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : NaN
  if (!Number.isSafeInteger(id) || id < 1) throw notFound()
  return id
}

function ownerId(request: FastifyRequest): number {
  if (!request.user) throw new ApiError(401, 'Authentication required')
  return request.user.id
}

/** The target account of a transfer: a positive integer, given as a number or numeric text. */
function targetUserId(body: unknown): number {
  const raw =
    body && typeof body === 'object' ? (body as Record<string, unknown>).targetUserId : undefined
  const id = typeof raw === 'string' && /^\d{1,15}$/.test(raw.trim()) ? Number(raw) : raw
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
    throw new ApiError(400, SELECT_TARGET_USER, { targetUserId: 'fieldRequired' })
  }
  return id
}

/**
 * The member calls of ARCHITECTURE.md §3, all owner-scoped: another account's member reads as
 * 404 everywhere. Photos are re-encoded before a transaction opens; each write is one
 * transaction, so a refused request changes nothing.
 */
export async function memberRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }) {
  const { db } = deps
  await app.register(async (scope) => {
    await registerMultipart(scope)
    scope.addHook('preHandler', scope.requireUser)
    // Member data is personal: no shared cache, no browser cache (spec 7.2 sends _cb for it).
    scope.addHook('onSend', async (_request, reply: FastifyReply, payload) => {
      reply.header('Cache-Control', 'no-store')
      return payload
    })

    scope.get('/api/members', async (request) => listMembers(db, ownerId(request)))

    scope.get<{ Querystring: SearchQuery }>(
      '/api/members/search',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: {
              q: { type: 'string', maxLength: 200 },
              status: { type: 'string', maxLength: 40 },
              limit: { type: 'integer', minimum: 1 },
              cursor: { type: 'string', maxLength: 200 },
            },
          },
        },
      },
      async (request) => {
        const { q, cursor, limit } = request.query
        const rawStatus = request.query.status?.trim()
        let status: string | undefined
        if (rawStatus && rawStatus.toLowerCase() !== 'all') {
          status = normalizeEnum('membership_status', rawStatus)
          if (!status) throw invalid({ status: 'invalidValue' })
        }
        return searchMembers(db, {
          ownerId: ownerId(request),
          query: q,
          status,
          limit: limit === undefined ? undefined : Math.min(limit, MAX_SEARCH_LIMIT),
          cursor: cursor || undefined,
        })
      },
    )

    scope.get<{ Params: IdParams }>('/api/members/:id', async (request) => {
      const member = await findMember(db, ownerId(request), memberId(request.params))
      if (!member) throw notFound()
      return member
    })

    scope.post('/api/members', async (request, reply) => {
      const user = request.user
      if (!user) throw new ApiError(401, 'Authentication required')
      const form = await readFormBody(request)
      const parsed = parseMemberInput(form.fields, memberCreateSchema())
      if (!parsed.ok) throw invalid(parsed.errors)
      const photo = form.photo ? await processPhoto(form.photo) : undefined
      const member = await db.transaction().execute((trx) =>
        insertMember(trx, {
          ownerId: user.id,
          registeredBy: user.username,
          input: parsed.value,
          photo,
        }),
      )
      return reply.code(201).send(member)
    })

    scope.put<{ Params: IdParams }>('/api/members/:id', async (request) => {
      const owner = ownerId(request)
      const id = memberId(request.params)
      const form = await readFormBody(request)
      // Someone else's member is a 404 whatever the body holds.
      if (!(await findMember(db, owner, id))) throw notFound()
      const changes = normalizeMemberInput(form.fields)
      if (Object.keys(changes.errors).length > 0) throw invalid(changes.errors)
      const photo = form.photo ? await processPhoto(form.photo) : undefined
      return db.transaction().execute(async (trx) => {
        const current = await loadMemberInputForUpdate(trx, owner, id)
        if (!current) throw notFound()
        // Parts present replace, absent fields stay; the merged whole must still be valid.
        const merged = { ...current, ...changes.value }
        const checked = validateMember(merged, memberUpdateSchema())
        if (!checked.ok) throw invalid(checked.errors)
        const saved = await saveMember(trx, owner, id, merged, photo)
        if (!saved) throw notFound()
        return saved
      })
    })

    scope.delete<{ Params: IdParams }>('/api/members/:id', async (request, reply) => {
      const id = memberId(request.params)
      const deleted = await db
        .transaction()
        .execute((trx) => deleteMember(trx, ownerId(request), id))
      if (!deleted) throw notFound()
      return reply.code(204).send()
    })

    scope.post<{ Params: IdParams }>('/api/members/transfer/:id', async (request) => {
      const owner = ownerId(request)
      const id = memberId(request.params)
      const target = targetUserId(request.body)
      const member = await db.transaction().execute(async (trx) => {
        if (!(await findMember(trx, owner, id))) throw notFound()
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
        return transferMember(trx, owner, id, target)
      })
      if (!member) throw notFound()
      return { success: true, member }
    })
  })
}
