import fs from 'node:fs'
import path from 'node:path'

/** Abal's files in DATA_DIR: the database (with SQLite's WAL and shared memory) and the JWT key. */
export const DATA_FILES = ['abal.sqlite', 'abal.sqlite-wal', 'abal.sqlite-shm', 'jwt-secret']

const DIR_MODE = 0o700
const FILE_MODE = 0o600

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`

function tighten(target: string, wanted: number, warn: (message: string) => void) {
  const current = fs.statSync(target).mode & 0o777
  if ((current & ~wanted) === 0) return
  fs.chmodSync(target, wanted)
  warn(`${target} was readable by others (mode ${octal(current)}); changed to ${octal(wanted)}`)
}

/**
 * DATA_DIR holds password hashes, every member's personal data and photos: the directory is
 * the server user's alone (0700) and so are Abal's files in it (0600). Creates the directory
 * if needed; tightens what an older version or a loose umask left, warning once for each.
 */
export function secureDataDir(dir: string, warn: (message: string) => void): void {
  fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE })
  tighten(dir, DIR_MODE, warn)
  for (const name of DATA_FILES) {
    const file = path.join(dir, name)
    if (fs.existsSync(file)) tighten(file, FILE_MODE, warn)
  }
}

/**
 * Creates a file as 0600 if it does not exist. SQLite gives its -wal and -shm files the mode
 * of the database file, so creating the database this way keeps all three private.
 */
export function createPrivateFile(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: DIR_MODE })
  fs.closeSync(fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_WRONLY, FILE_MODE))
}
