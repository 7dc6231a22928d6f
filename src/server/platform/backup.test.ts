import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app'
import { runBackup, runRestore } from '../cli/backupCommands'
import { openDatabase, type DatabaseHandle } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import { insertUser } from '../features/accounts/repository'
import { memberCalls } from '../testing/memberCalls'
import { signInOn, TEST_JWT_SECRET } from '../testing/testApp'
import { takeAutomaticBackup } from './autoBackup'
import {
  backupDatabase,
  backupsToKeep,
  backupTime,
  checkDatabaseFile,
  BACKUP_FILE_MODE,
  DATABASE_FILE_NAME,
  defaultBackupName,
} from './backup'
import { hashPassword } from '../features/accounts/passwords'
import { holdServerLock } from './serverLock'

// Backups are of the SQLite file; PostgreSQL is backed up with pg_dump (docs/operating.md).

function sink() {
  let text = ''
  const stream = {
    write(chunk: string) {
      text += chunk
      return true
    },
  } as unknown as NodeJS.WritableStream
  return { stream, text: () => text }
}

function io() {
  const out = sink()
  const err = sink()
  return { io: { stdout: out.stream, stderr: err.stream }, out: out.text, err: err.text }
}

let dataDir: string
let handle: DatabaseHandle
let app: FastifyInstance
let auth: { authorization: string }
const calls = memberCalls(() => app)

async function openServer() {
  handle = openDatabase({ sqliteFile: path.join(dataDir, DATABASE_FILE_NAME) })
  await migrateToLatest(handle.db)
  app = await buildApp({ db: handle.db, dialect: 'sqlite', jwtSecret: TEST_JWT_SECRET })
  await app.ready()
}

async function closeServer() {
  await app.close()
  await handle.destroy()
}

function memberNames(file: string): string[] {
  const db = new SQLite(file, { readonly: true })
  try {
    return (
      db.prepare('select first_name from members order by id').all() as {
        first_name: string
      }[]
    ).map((row) => row.first_name)
  } finally {
    db.close()
  }
}

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abal-backup-'))
  await openServer()
  await insertUser(handle.db, 'sara', await hashPassword('correct horse battery'))
  auth = await signInOn(app, 'sara', 'correct horse battery')
})

afterEach(async () => {
  await closeServer().catch(() => undefined)
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('backup', () => {
  it('names a backup by its UTC date and time, and reads the time back', () => {
    const name = defaultBackupName(new Date('2026-11-25T01:02:03.456Z'))
    expect(name).toBe('abal-2026-11-25T01-02-03Z.sqlite')
    expect(backupTime(name)?.toISOString()).toBe('2026-11-25T01:02:03.000Z')
    expect(backupTime('abal.sqlite')).toBeUndefined()
  })

  it('snapshots during 50 concurrent writes: consistent, with every write acknowledged before', async () => {
    for (let i = 0; i < 10; i += 1) await calls.create(auth, { first_name: `Before${i}` })
    const acknowledged: string[] = []
    const writes = Array.from({ length: 50 }, (_, i) =>
      calls.post(auth, { first_name: `During${i}` }).then((res) => {
        expect(res.statusCode).toBe(201)
        acknowledged.push(`During${i}`)
      }),
    )
    // Let some of the writes land before the snapshot starts; the rest race it.
    await new Promise((resolve) => setImmediate(resolve))
    const ackedBefore = [...acknowledged]
    const target = path.join(dataDir, 'snap.sqlite')
    await Promise.all([backupDatabase(path.join(dataDir, DATABASE_FILE_NAME), target), ...writes])

    const check = checkDatabaseFile(target)
    expect(check).toMatchObject({ ok: true, pendingMigrations: [] })
    const names = memberNames(target)
    for (let i = 0; i < 10; i += 1) expect(names).toContain(`Before${i}`)
    for (const name of ackedBefore) expect(names).toContain(name)
    // Every row in the copy is whole, and the trigger-kept counts agree with the rows.
    const copy = new SQLite(target, { readonly: true })
    const counted = copy.prepare('select coalesce(sum(n), 0) as n from member_counts').get() as {
      n: number
    }
    const rows = copy.prepare('select count(*) as n from members').get() as { n: number }
    const search = copy
      .prepare("select count(*) as n from members where search_text = '' or last_name = ''")
      .get() as { n: number }
    copy.close()
    expect(counted.n).toBe(rows.n)
    expect(search.n).toBe(0)
    expect(fs.readdirSync(dataDir).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })

  it('npm run backup writes a verified file under BACKUP_DIR and refuses to overwrite', async () => {
    await calls.create(auth, { first_name: 'Abebe' })
    const backupDir = path.join(dataDir, 'backups')
    const now = new Date('2026-11-25T10:00:00Z')
    const first = io()
    expect(await runBackup([], { dataDir, databaseUrl: undefined, backupDir }, first.io, now)).toBe(
      0,
    )
    const file = path.join(backupDir, defaultBackupName(now))
    expect(first.out()).toContain(file)
    expect(memberNames(file)).toEqual(['Abebe'])
    const again = io()
    expect(await runBackup([], { dataDir, databaseUrl: undefined, backupDir }, again.io, now)).toBe(
      1,
    )
    expect(again.err()).toContain('already exists')
  })

  it('writes backups that only their owner can read, whatever the umask', async () => {
    await calls.create(auth, { first_name: 'Abebe' })
    const previous = process.umask(0o022)
    try {
      const dir = path.join(dataDir, 'private')
      const file = path.join(dir, 'copy.sqlite')
      await backupDatabase(path.join(dataDir, DATABASE_FILE_NAME), file)
      expect(BACKUP_FILE_MODE).toBe(0o600)
      expect(fs.statSync(file).mode & 0o777).toBe(0o600)
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700)
      expect(memberNames(file)).toEqual(['Abebe'])
      // The automatic backups go through the same copy.
      const auto = path.join(dataDir, 'auto')
      fs.mkdirSync(auto, { mode: 0o755 })
      await backupDatabase(path.join(dataDir, DATABASE_FILE_NAME), path.join(auto, 'b.sqlite'))
      expect(fs.statSync(path.join(auto, 'b.sqlite')).mode & 0o777).toBe(0o600)
    } finally {
      process.umask(previous)
    }
  })

  it('on PostgreSQL, npm run backup points to pg_dump instead of failing obscurely', async () => {
    const run = io()
    const code = await runBackup(
      [],
      { dataDir, databaseUrl: 'postgres://x@localhost/abal', backupDir: undefined },
      run.io,
    )
    expect(code).toBe(2)
    expect(run.err()).toContain('pg_dump')
  })

  it('logs each automatic backup with its history head, as audit verify prints it', async () => {
    await calls.create(auth, { first_name: 'Logged' })
    const lines: Record<string, unknown>[] = []
    const ok = await takeAutomaticBackup({
      source: path.join(dataDir, DATABASE_FILE_NAME),
      dir: path.join(dataDir, 'backups'),
      log: { info: (details) => lines.push(details as never), error: () => undefined },
    })
    expect(ok).toBe(true)
    const last = await handle.db
      .selectFrom('audit_events')
      .select(['seq', 'hash'])
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow()
    expect(lines).toEqual([expect.objectContaining({ history_head: `${last.seq}:${last.hash}` })])
  })

  it('an unwritable backup directory is logged, never thrown, and the database is untouched', async () => {
    await calls.create(auth, { first_name: 'Kept' })
    const blocked = path.join(dataDir, 'not-a-dir')
    fs.writeFileSync(blocked, 'a file where the directory should be')
    const errors: string[] = []
    const ok = await takeAutomaticBackup({
      source: path.join(dataDir, DATABASE_FILE_NAME),
      dir: path.join(blocked, 'backups'),
      log: { info: () => undefined, error: (_details, text) => errors.push(text) },
    })
    expect(ok).toBe(false)
    expect(errors).toHaveLength(1)
    expect((await calls.search(auth)).items.map((m) => m.first_name)).toEqual(['Kept'])
  })

  it('keeps the newest backup of the last 7 days and of 4 weeks before them', () => {
    const entries = Array.from({ length: 80 }, (_, i) => {
      const time = new Date(Date.UTC(2026, 10, 25, 3) - i * 12 * 3600 * 1000)
      return { name: defaultBackupName(time), time }
    })
    const keep = [...backupsToKeep(entries)].sort().reverse()
    expect(keep).toHaveLength(11)
    // Days 25..19 Nov (the newest of each), then one per earlier ISO week.
    expect(keep.slice(0, 7).map((name) => name.slice(5, 15))).toEqual([
      '2026-11-25',
      '2026-11-24',
      '2026-11-23',
      '2026-11-22',
      '2026-11-21',
      '2026-11-20',
      '2026-11-19',
    ])
    expect(keep.slice(7).map((name) => name.slice(5, 15))).toEqual([
      '2026-11-15',
      '2026-11-08',
      '2026-11-01',
      '2026-10-25',
    ])
  })
})

describe('restore', () => {
  async function backupNow(name = 'good.sqlite'): Promise<string> {
    const file = path.join(dataDir, name)
    await backupDatabase(path.join(dataDir, DATABASE_FILE_NAME), file)
    return file
  }
  const config = () => ({ dataDir, databaseUrl: undefined, backupDir: undefined })

  it('puts a backup in place and keeps the current database aside', async () => {
    await calls.create(auth, { first_name: 'InBackup' })
    const file = await backupNow()
    await calls.create(auth, { first_name: 'AfterBackup' })
    await closeServer()
    const run = io()
    expect(await runRestore([file], config(), run.io, new Date('2026-11-25T12:00:00Z'))).toBe(0)
    expect(run.out()).toContain('restart')
    expect(memberNames(path.join(dataDir, DATABASE_FILE_NAME))).toEqual(['InBackup'])
    const aside = path.join(dataDir, 'abal.before-restore-2026-11-25T12-00-00Z.sqlite')
    expect(memberNames(aside)).toEqual(['InBackup', 'AfterBackup'])
    await openServer()
    expect((await calls.search(auth)).items.map((m) => m.first_name)).toEqual(['InBackup'])
  })

  it('reads the -wal beside a copied file: nothing written before the copy is lost', async () => {
    // Copied as after kill -9: the file and its -wal, the last writes only in the -wal.
    const names = ['W0', 'W1', 'W2', 'W3', 'W4']
    const live = path.join(dataDir, DATABASE_FILE_NAME)
    for (const first of names.slice(0, 2)) await calls.create(auth, { first_name: first })
    const other = new SQLite(live)
    other.pragma('wal_checkpoint(PASSIVE)')
    other.close()
    for (const first of names.slice(2)) await calls.create(auth, { first_name: first })
    const copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abal-copy-'))
    try {
      const copy = path.join(copyDir, 'abal.sqlite')
      fs.copyFileSync(live, copy)
      fs.copyFileSync(`${live}-wal`, `${copy}-wal`)
      const mainOnly = path.join(copyDir, 'main-only.sqlite')
      fs.copyFileSync(copy, mainOnly)
      // The test is worth something only if the main file alone is short.
      expect(memberNames(mainOnly)).toEqual(names.slice(0, 2))
      fs.rmSync(mainOnly)
      const wal = fs.readFileSync(`${copy}-wal`)
      await closeServer()
      const run = io()
      expect(await runRestore([copy], config(), run.io)).toBe(0)
      expect(run.out()).toContain(`${copy}-wal`)
      expect(memberNames(live)).toEqual(names)
      expect(fs.existsSync(`${live}-wal`) && fs.statSync(`${live}-wal`).size > 0).toBe(false)
      // The operator's copy is only read.
      expect(fs.readFileSync(`${copy}-wal`).equals(wal)).toBe(true)
      expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('.restore'))).toEqual([])
    } finally {
      fs.rmSync(copyDir, { recursive: true, force: true })
    }
  })

  it('refuses while a server runs on that DATA_DIR, and changes nothing', async () => {
    await calls.create(auth, { first_name: 'Live' })
    const file = await backupNow()
    const release = holdServerLock(dataDir, process.ppid)
    try {
      const run = io()
      expect(await runRestore([file], config(), run.io)).toBe(1)
      expect(run.err()).toContain('server is running')
    } finally {
      release()
    }
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('abal.before'))).toEqual([])
  })

  it('ignores the pid file of a server that is gone', async () => {
    const file = await backupNow()
    await closeServer()
    holdServerLock(dataDir, 2 ** 22 + 12345)
    expect(await runRestore([file], config(), io().io)).toBe(0)
  })

  it.each([
    [
      'not a SQLite file',
      (file: string) => fs.writeFileSync(file, 'name,phone\nAbebe,0911\n'),
      'not an Abal database',
    ],
    [
      'another SQLite database',
      (file: string) => {
        const db = new SQLite(file)
        db.exec('create table notes (id integer primary key, body text)')
        db.close()
      },
      'not an Abal database',
    ],
    [
      'a database that fails its integrity check',
      (file: string, good: string) => {
        const bytes = fs.readFileSync(good)
        // Scribble over the pages after the schema: a b-tree page no longer parses.
        for (let i = 4096 * 2; i < bytes.length; i += 7) bytes[i] = 0xa5
        fs.writeFileSync(file, bytes)
      },
      /integrity|malformed/,
    ],
    [
      'a backup of a newer Abal',
      (file: string, good: string) => {
        fs.copyFileSync(good, file)
        const db = new SQLite(file)
        db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run(
          '2099_01_01_0001_future',
          new Date().toISOString(),
        )
        db.close()
      },
      'newer version',
    ],
  ])('refuses %s and changes nothing', async (_label, make, reason) => {
    await calls.create(auth, { first_name: 'Current' })
    const good = await backupNow()
    await closeServer()
    const bad = path.join(dataDir, 'bad.sqlite')
    make(bad, good)
    const before = fs.readdirSync(dataDir).sort()
    const run = io()
    expect(await runRestore([bad], config(), run.io)).toBe(1)
    expect(run.err()).toMatch(reason)
    expect(run.err()).toContain('Nothing was changed')
    expect(fs.readdirSync(dataDir).sort()).toEqual(before)
    expect(memberNames(path.join(dataDir, DATABASE_FILE_NAME))).toEqual(['Current'])
  })

  it('brings a backup of an older schema up to date', async () => {
    await closeServer()
    const old = path.join(dataDir, 'old.sqlite')
    const oldDb = openDatabase({ sqliteFile: old })
    await migrateToLatest(oldDb.db, { upTo: '2026_11_22_0002_members' })
    await oldDb.destroy()
    const run = io()
    expect(await runRestore([old], config(), run.io)).toBe(0)
    expect(run.out()).toContain('up to date')
    expect(checkDatabaseFile(path.join(dataDir, DATABASE_FILE_NAME))).toMatchObject({
      ok: true,
      pendingMigrations: [],
    })
  })
})
