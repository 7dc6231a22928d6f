import type { FastifyInstance } from 'fastify'
import type { Member } from '../../domain'
import { multipart, registrationFields } from './memberForms'

type Auth = { authorization: string }

export interface SearchAnswer {
  items: Member[]
  total: number | null
  total_capped: boolean
  next_cursor: string | null
}

/**
 * The member routes as tests call them, through `app()` (read at each call, so a suite can set
 * its app up in beforeAll). create and search expect success and answer with the body; post,
 * update, transfer and remove answer with the response, for the test to check its status.
 */
export function memberCalls(app: () => FastifyInstance) {
  /** A registration form with these fields changed, posted. */
  const post = (auth: Auth, overrides: Record<string, string> = {}) =>
    app().inject({
      method: 'POST',
      url: '/api/members',
      ...multipart(registrationFields(overrides), [], auth),
    })
  return {
    post,
    async create(auth: Auth, overrides: Record<string, string> = {}): Promise<Member> {
      const res = await post(auth, overrides)
      if (res.statusCode !== 201) throw new Error(`create: HTTP ${res.statusCode} ${res.body}`)
      return res.json<Member>()
    },
    update(auth: Auth, id: number, fields: Record<string, string>) {
      return app().inject({
        method: 'PUT',
        url: `/api/members/${id}`,
        ...multipart(fields, [], auth),
      })
    },
    transfer(auth: Auth, id: number, targetUserId: number) {
      return app().inject({
        method: 'POST',
        url: `/api/members/transfer/${id}`,
        headers: auth,
        payload: { targetUserId },
      })
    },
    remove(auth: Auth, id: number) {
      return app().inject({ method: 'DELETE', url: `/api/members/${id}`, headers: auth })
    },
    async search(auth: Auth, query: Record<string, string> = {}): Promise<SearchAnswer> {
      const res = await app().inject({
        url: `/api/members/search?${new URLSearchParams(query).toString()}`,
        headers: auth,
      })
      if (res.statusCode !== 200) throw new Error(`search: HTTP ${res.statusCode} ${res.body}`)
      return res.json<SearchAnswer>()
    },
  }
}
