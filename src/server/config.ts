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
}

/** Every setting comes from the environment; README lists them. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = process.cwd()
  const port = Number(env.PORT ?? 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`)
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    // Set but empty is refused at start, like any too-short secret.
    jwtSecret: env.JWT_SECRET,
    adminPassword: env.ABAL_ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    staticDir: path.resolve(root, env.STATIC_DIR ?? 'dist'),
  }
}
