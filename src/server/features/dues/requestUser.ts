// The signed-in account of a dues request, as the services need it.
import type { FastifyRequest } from 'fastify'
import { ApiError } from '../../plugins/errors'
import type { RequestUser } from '../auth'
import type { Actor } from '../history'

export function signedIn(request: FastifyRequest): RequestUser {
  if (!request.user) throw new ApiError(401, 'Authentication required')
  return request.user
}

export const actorOf = (request: FastifyRequest): Actor => {
  const user = signedIn(request)
  return { id: user.id, username: user.username }
}
