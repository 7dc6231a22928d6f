import net from 'node:net'
import path from 'node:path'

export interface Config {
  port: number
  host: string
  databaseUrl: string | undefined
  dataDir: string
  jwtSecret: string | undefined
  adminPassword: string | undefined
  logLevel: string
  staticDir: string
  /** Reverse proxies in front of the server: a hop count or their addresses; false for none. */
  trustProxy: TrustProxy
  /** Automatic SQLite backups go here; undefined when BACKUP_DIR=off. */
  backupDir: string | undefined
  /** SQLite: worker threads that run search reads off the event loop (0 turns them off). */
  sqliteReadWorkers: number
  /** CHURCH_NAME: printed on the dashboard's report; undefined when unset. */
  churchName: string | undefined
}

export type TrustProxy = false | number | string[]

/** Longer names are cut: the report's header has one line for it. */
export const CHURCH_NAME_MAX = 120

/** Every setting comes from the environment; README lists them. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = process.cwd()
  const port = Number(env.PORT ?? 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`)
  }
  const dataDir = path.resolve(root, env.DATA_DIR ?? 'data')
  const backupSetting = env.BACKUP_DIR?.trim()
  const readWorkers = Number(env.SQLITE_READ_WORKERS?.trim() || 2)
  if (!Number.isInteger(readWorkers) || readWorkers < 0 || readWorkers > 16) {
    throw new Error(`SQLITE_READ_WORKERS must be 0 to 16, got "${env.SQLITE_READ_WORKERS}"`)
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    // Set but empty is refused at start, like any too-short secret.
    jwtSecret: env.JWT_SECRET,
    adminPassword: env.ABAL_ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    staticDir: path.resolve(root, env.STATIC_DIR ?? 'dist'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    churchName: env.CHURCH_NAME?.trim().slice(0, CHURCH_NAME_MAX) || undefined,
    backupDir:
      backupSetting === 'off'
        ? undefined
        : path.resolve(root, backupSetting || path.join(dataDir, 'backups')),
    sqliteReadWorkers: readWorkers,
  }
}

// proxy-addr's names for the loopback, link-local and private ranges.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isAddressOrRange(item: string): boolean {
  if (NAMED_RANGES.has(item)) return true
  const [address, mask, ...rest] = item.split('/')
  const family = net.isIP(address)
  if (!family || rest.length > 0) return false
  if (mask === undefined) return true
  if (net.isIP(mask) === family) return true
  if (!/^\d{1,3}$/.test(mask)) return false
  const bits = Number(mask)
  // A zero-length prefix is every address: the same as trusting everything.
  return bits >= 1 && bits <= (family === 4 ? 32 : 128)
}

/**
 * TRUST_PROXY: empty or 0 for no proxy; a number of proxy hops; or a comma list of proxy
 * addresses, CIDR ranges and proxy-addr's named ranges. The client address is then the
 * right-most X-Forwarded-For entry not trusted. "true" (trust every address) is refused:
 * it would let a client choose its own address and escape sign-in throttling.
 */
export function parseTrustProxy(text: string | undefined): TrustProxy {
  const value = (text ?? '').trim()
  if (value === '' || value === '0') return false
  if (/^\d{1,2}$/.test(value)) return Number(value)
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
  if (items.length > 0 && items.every(isAddressOrRange)) return items
  throw new Error(
    `TRUST_PROXY must be a number of proxy hops or a comma list of proxy addresses or ranges ` +
      `(never "true": that would trust every address), got "${value.slice(0, 80)}"`,
  )
}
