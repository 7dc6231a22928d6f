// Automatic backups while the server runs: one at start, then one a day, pruned to the last 7
// daily and 4 weekly. A failure (disk full, unwritable directory) is logged and nothing else:
// the server keeps serving and the live database is only ever read.
import path from 'node:path'
import { backupDatabase, defaultBackupName, pruneBackups } from './backup'

export const DAY_MS = 24 * 60 * 60 * 1000

export interface BackupLog {
  info(details: object, message: string): void
  error(details: object, message: string): void
}

export interface AutomaticBackupOptions {
  source: string
  dir: string
  log: BackupLog
  intervalMs?: number
  now?: () => Date
}

/** Takes one backup into `dir` and prunes old ones; never throws. Resolves true on success. */
export async function takeAutomaticBackup(options: AutomaticBackupOptions): Promise<boolean> {
  const { source, dir, log } = options
  const target = path.join(dir, defaultBackupName(options.now?.() ?? new Date()))
  try {
    const started = Date.now()
    await backupDatabase(source, target)
    const removed = pruneBackups(dir)
    log.info({ file: target, ms: Date.now() - started, removed }, 'backup written')
    return true
  } catch (error) {
    log.error(
      { err: error instanceof Error ? error.message : String(error), dir },
      'automatic backup failed; the server keeps running',
    )
    return false
  }
}

/** Starts the schedule; the returned function stops it. The first backup starts at once. */
export function startAutomaticBackups(options: AutomaticBackupOptions): () => void {
  let running: Promise<boolean> | undefined
  const run = () => {
    // A slow backup is never overlapped by the next one.
    if (!running) running = takeAutomaticBackup(options).finally(() => (running = undefined))
  }
  run()
  const timer = setInterval(run, options.intervalMs ?? DAY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
