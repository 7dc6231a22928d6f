import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openSqliteFile } from '../db/database'
import { secureDataDir } from './dataFiles'

const mode = (file: string) => fs.statSync(file).mode & 0o777

let dir: string
let umask: number
beforeEach(() => {
  // The usual umask, under which files were readable by every local user.
  umask = process.umask(0o022)
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abal-files-'))
})
afterEach(() => {
  process.umask(umask)
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('file modes of DATA_DIR', () => {
  it('creates the SQLite database, its -wal and -shm readable by the owner only', () => {
    const file = path.join(dir, 'data', 'abal.sqlite')
    const sqlite = openSqliteFile(file)
    sqlite.exec('create table t (x); insert into t values (1)')
    try {
      expect(mode(path.dirname(file))).toBe(0o700)
      for (const name of [file, `${file}-wal`, `${file}-shm`]) {
        expect(fs.existsSync(name)).toBe(true)
        expect(mode(name)).toBe(0o600)
      }
    } finally {
      sqlite.close()
    }
  })

  it('tightens an existing directory and its files on start, with a warning each', () => {
    const data = path.join(dir, 'data')
    fs.mkdirSync(data, { mode: 0o755 })
    fs.chmodSync(data, 0o755)
    for (const name of ['abal.sqlite', 'abal.sqlite-wal', 'abal.sqlite-shm', 'jwt-secret']) {
      fs.writeFileSync(path.join(data, name), 'x', { mode: 0o644 })
    }
    fs.writeFileSync(path.join(data, 'README.txt'), 'not ours', { mode: 0o644 })
    const warnings: string[] = []
    secureDataDir(data, (message) => warnings.push(message))
    expect(mode(data)).toBe(0o700)
    for (const name of ['abal.sqlite', 'abal.sqlite-wal', 'abal.sqlite-shm', 'jwt-secret']) {
      expect(mode(path.join(data, name))).toBe(0o600)
    }
    expect(warnings).toHaveLength(5)
    expect(warnings.join('\n')).toMatch(/abal\.sqlite-wal.*0644.*0600/)
    // Only Abal's own files are changed.
    expect(mode(path.join(data, 'README.txt'))).toBe(0o644)
    // Once right, nothing more to say.
    const again: string[] = []
    secureDataDir(data, (message) => again.push(message))
    expect(again).toEqual([])
  })

  it('creates a missing DATA_DIR as 0700', () => {
    const data = path.join(dir, 'new', 'data')
    secureDataDir(data, () => undefined)
    expect(mode(data)).toBe(0o700)
  })
})
