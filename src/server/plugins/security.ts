import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { START_APP_SCRIPT_SOURCE } from '../platform/startAppScript'

// No inline script but the sign-in page's starter, by its hash; antd's CSS-in-JS needs inline
// styles. blob:/data: serve photo previews, the camera stream and the id card's images.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${START_APP_SCRIPT_SOURCE}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    reply.header('X-Content-Type-Options', 'nosniff')
    reply.header('X-Frame-Options', 'DENY')
    reply.header('Referrer-Policy', 'no-referrer')
    reply.header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()')
    reply.header('Cross-Origin-Opener-Policy', 'same-origin')
    return payload
  })
}

/** onSend hook for answers that carry tokens, account names or personal data: never cached. */
export async function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('Cache-Control', 'no-store')
  return payload
}
