import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { Kysely } from 'kysely'
import type { Dialect } from './db/database'
import type { Database } from './db/tables'
import { registerAuth } from './plugins/auth'
import { registerErrorHandling } from './plugins/errors'
import { registerSecurityHeaders } from './plugins/security'
import { type AppVersion, healthRoutes } from './routes/health'
import { loginRoutes } from './routes/login'
import { memberRoutes } from './routes/members'
import { spaRoutes } from './routes/spa'
import { statsRoutes } from './routes/stats'
import { uploadRoutes } from './routes/uploads'
import { userRoutes } from './routes/users'
import { LoginThrottle } from './services/loginThrottle'
import { createTokenService } from './services/tokens'

export interface AppOptions {
  db: Kysely<Database>
  dialect: Dialect
  jwtSecret: string
  /** Built client to serve; omitted in API tests. */
  staticDir?: string
  version?: AppVersion
  logger?: FastifyServerOptions['logger']
  throttle?: LoginThrottle
}

/** Logs never carry passwords, tokens or cookies. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'body.password',
  'password',
  'token',
]

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: process.env.TRUST_PROXY === '1',
    bodyLimit: 1024 * 1024,
  })
  const tokens = createTokenService(options.jwtSecret)
  const throttle = options.throttle ?? new LoginThrottle()
  const version = () => options.version ?? { version: '0.0.0', build: 'dev' }

  registerErrorHandling(app)
  registerSecurityHeaders(app)
  registerAuth(app, options.db, tokens)

  loginRoutes(app, { db: options.db, tokens, throttle })
  userRoutes(app, { db: options.db })
  healthRoutes(app, { db: options.db, dialect: options.dialect, version })
  await memberRoutes(app, { db: options.db })
  uploadRoutes(app, { db: options.db })
  statsRoutes(app, { db: options.db })
  await spaRoutes(app, options.staticDir ?? '/nonexistent')

  return app
}
