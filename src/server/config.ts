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
  /** Automatic SQLite backups go here; undefined when BACKUP_DIR=off. */
  backupDir: string | undefined
}

/** Every setting comes from the environment; README lists them. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = process.cwd()
  const port = Number(env.PORT ?? 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`)
  }
  const dataDir = path.resolve(root, env.DATA_DIR ?? 'data')
  const backupSetting = env.BACKUP_DIR?.trim()
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    jwtSecret: env.JWT_SECRET || undefined,
    adminPassword: env.ABAL_ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    staticDir: path.resolve(root, env.STATIC_DIR ?? 'dist'),
    backupDir:
      backupSetting === 'off'
        ? undefined
        : path.resolve(root, backupSetting || path.join(dataDir, 'backups')),
  }
}
