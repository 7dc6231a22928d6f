import fs from 'node:fs'
import path from 'node:path'
import { buildApp, LOG_REDACT } from './app'
import { loadConfig } from './config'
import { openDatabase } from './db/database'
import { migrateToLatest } from './db/migrate'
import { refreshStandings } from './features/dues'
import type { AppVersion } from './features/health'
import { startAutomaticBackups } from './platform/autoBackup'
import { DATABASE_FILE_NAME } from './platform/backup'
import { rebuildStaleSearchText } from './features/search'
import { ensureFirstAdmin } from './features/accounts/bootstrap'
import { secureDataDir } from './platform/dataFiles'
import { holdServerLock } from './platform/serverLock'
import { resolveJwtSecret } from './features/auth'

function readVersion(staticDir: string): AppVersion {
  try {
    return JSON.parse(fs.readFileSync(path.join(staticDir, 'version.json'), 'utf8')) as AppVersion
  } catch {
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string }
    return { version: pkg.version, build: 'dev' }
  }
}

async function main() {
  const config = loadConfig()
  secureDataDir(config.dataDir, (message) => process.stderr.write(`  Warning: ${message}\n`))
  // npm run restore refuses to swap the database while this file names a live process.
  const releaseLock = holdServerLock(config.dataDir)
  process.on('exit', releaseLock)
  const sqliteFile = path.join(config.dataDir, DATABASE_FILE_NAME)
  const database = openDatabase({
    url: config.databaseUrl,
    sqliteFile,
    readWorkers: config.sqliteReadWorkers,
  })
  await migrateToLatest(database.db)
  // Dues summaries the migrations or other writers marked stale, worked out before serving.
  await refreshStandings(database.db, new Date())

  const admin = await ensureFirstAdmin(database.db, config.adminPassword)
  if (admin.generatedPassword) {
    // Printed once, to the terminal only; it is never logged or stored in clear.
    process.stdout.write(
      `\n  First start: created the account "admin" with the password\n\n      ${admin.generatedPassword}\n\n` +
        `  Sign in with it, then change it: npm run users -- passwd admin\n\n`,
    )
  } else if (admin.created) {
    process.stdout.write(
      '\n  First start: created the account "admin" (password from ABAL_ADMIN_PASSWORD)\n\n',
    )
  }

  const app = await buildApp({
    db: database.db,
    dialect: database.dialect,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    staticDir: config.staticDir,
    version: readVersion(config.staticDir),
    logger: { level: config.logLevel, redact: LOG_REDACT },
    trustProxy: config.trustProxy,
    churchName: config.churchName,
  })

  let stopBackups = () => {}
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => process.exit(1), 10_000)
    timer.unref()
    stopBackups()
    await app.close()
    await database.destroy()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ port: config.port, host: config.host })
  // In the background: search answers meanwhile, with the older matching rules for stale rows.
  rebuildStaleSearchText(database.db).then(
    (rewritten) => {
      if (rewritten > 0) app.log.info({ rewritten }, 'search text rebuilt')
    },
    (error: unknown) => app.log.error({ err: error }, 'search text rebuild failed'),
  )
  process.stdout.write(
    `  Abal is running on http://localhost:${config.port} (${database.dialect})\n`,
  )
  if (database.dialect === 'sqlite' && config.backupDir) {
    stopBackups = startAutomaticBackups({ source: sqliteFile, dir: config.backupDir, log: app.log })
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Abal failed to start: ${err instanceof Error ? err.message : String(err)}\n`,
  )
  process.exit(1)
})
