// Each server process leaves a pid file in DATA_DIR/run while it runs, so that offline tools
// (npm run restore) can refuse to swap the database under a live server. A file whose process
// is gone (a crash, a power cut) is stale and ignored.
import fs from 'node:fs'
import path from 'node:path'

const RUN_DIR = 'run'

function pidFile(dataDir: string, pid: number): string {
  return path.join(dataDir, RUN_DIR, `server-${pid}.pid`)
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Records this process as a server on `dataDir`; returns the function that removes the record. */
export function holdServerLock(dataDir: string, pid: number = process.pid): () => void {
  fs.mkdirSync(path.join(dataDir, RUN_DIR), { recursive: true })
  const file = pidFile(dataDir, pid)
  fs.writeFileSync(file, `${pid}\n`)
  return () => fs.rmSync(file, { force: true })
}

/** The pids of live server processes on `dataDir` (stale files are removed on the way). */
export function runningServers(dataDir: string): number[] {
  const dir = path.join(dataDir, RUN_DIR)
  if (!fs.existsSync(dir)) return []
  const live: number[] = []
  for (const name of fs.readdirSync(dir)) {
    const match = /^server-(\d+)\.pid$/.exec(name)
    if (!match) continue
    const pid = Number(match[1])
    if (pid !== process.pid && isAlive(pid)) live.push(pid)
    else if (pid !== process.pid) fs.rmSync(path.join(dir, name), { force: true })
  }
  return live
}
