import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify'
import type { Kysely } from 'kysely'
import type { TrustProxy } from './config'
import type { Dialect } from './db/database'
import type { Database } from './db/tables'
import { householdRoutes } from './features/households/routes'
import { createTokenService, LoginThrottle, registerAuth } from './features/auth'
import { loginRoutes, passwordCheckQueue } from './features/auth/routes/login'
import { meRoutes } from './features/auth/routes/me'
import { registerApiDocs } from './plugins/apiDocs'
import { registerErrorHandling } from './plugins/errors'
import { registerInputGuard } from './plugins/inputGuard'
import { registerSecurityHeaders } from './plugins/security'
import { registerValidation } from './plugins/validation'
import { churchProfileRoutes } from './features/churchProfile/routes'
import { duesRoutes } from './features/dues'
import { adminRoutes } from './features/accounts/routes/admin'
import { userRoutes } from './features/accounts/routes/users'
import { type AppVersion, healthRoutes } from './features/health/routes'
import { type MemberListOptions, memberRoutes } from './features/members/routes/members'
import { uploadRoutes } from './features/members/routes/uploads'
import { historyRoutes } from './features/history/routes'
import { downloadSlots } from './features/imports'
import { importRoutes } from './features/imports/routes/imports'
import { memberExportRoutes } from './features/imports/routes/memberExport'
import { spaRoutes } from './platform/spa'
import { statsRoutes } from './features/stats/routes'
import { schedulePurge } from './features/restoreBin'
import { restoreBinRoutes } from './features/restoreBin/routes'
import type { AccountSlots } from './platform/accountSlots'
import type { WorkQueue } from './platform/workQueue'

export interface AppOptions {
  db: Kysely<Database>
  dialect: Dialect
  jwtSecret: string
  /** Built client to serve; omitted in API tests. */
  staticDir?: string
  version?: AppVersion
  logger?: FastifyServerOptions['logger']
  throttle?: LoginThrottle
  /** GET /api/members' page size and per-account slots (tests make them small). */
  memberList?: MemberListOptions
  /** The dues reports' .xlsx files being built per account (tests take them). */
  reportFiles?: AccountSlots
  /** The member list's and the history's streamed downloads per account (tests take them). */
  downloads?: AccountSlots
  /** Bounds concurrent password checks at sign-in. */
  hashing?: WorkQueue
  /** TRUST_PROXY as config.ts reads it; no proxy when omitted. */
  trustProxy?: TrustProxy
  /** CHURCH_NAME: the church profile's name until an admin saves one. */
  churchName?: string
  /** The time the restore bin's purge and restores go by; tests move it forward. */
  clock?: () => Date
  /** Sees every route as it is registered (the test that every route has schemas). */
  onRoute?: (route: RouteOptions) => void
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

/**
 * A hop count becomes proxy-addr's documented trust function: Fastify's own number option
 * trusts no hop at all since 5.12 (it cannot check the immediate peer), so with a count the
 * server must only be reachable through its proxies (docs/security.md).
 */
function trustProxyOption(trust: TrustProxy | undefined) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust
  return trust ?? false
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustProxyOption(options.trustProxy),
    bodyLimit: 1024 * 1024,
  })
  const tokens = createTokenService(options.jwtSecret)
  const throttle = options.throttle ?? new LoginThrottle()
  const version = () => options.version ?? { version: '0.0.0', build: 'dev' }
  if (options.onRoute) app.addHook('onRoute', options.onRoute)
  await registerApiDocs(app, version().version)

  registerErrorHandling(app)
  registerValidation(app)
  registerInputGuard(app)
  registerSecurityHeaders(app)
  registerAuth(app, options.db, tokens)

  loginRoutes(app, {
    db: options.db,
    tokens,
    throttle,
    hashing: options.hashing ?? passwordCheckQueue(),
  })
  userRoutes(app, { db: options.db })
  meRoutes(app, { db: options.db })
  const clock = options.clock ?? (() => new Date())
  adminRoutes(app, { db: options.db })
  restoreBinRoutes(app, { db: options.db, clock })
  const downloads = options.downloads ?? downloadSlots()
  historyRoutes(app, { db: options.db, downloads })
  schedulePurge(app, options.db, clock)
  healthRoutes(app, { db: options.db, dialect: options.dialect, version })
  await memberRoutes(app, { db: options.db, memberList: options.memberList })
  await householdRoutes(app, { db: options.db })
  await importRoutes(app, { db: options.db })
  memberExportRoutes(app, { db: options.db, downloads })
  uploadRoutes(app, { db: options.db })
  statsRoutes(app, { db: options.db, churchName: options.churchName })
  churchProfileRoutes(app, { db: options.db, churchName: options.churchName })
  duesRoutes(app, { db: options.db, clock: options.clock, reportFiles: options.reportFiles })
  await spaRoutes(app, options.staticDir ?? '/nonexistent')

  return app
}
