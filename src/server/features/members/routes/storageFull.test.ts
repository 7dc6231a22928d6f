// A full disk or a read-only database: the write answers 503 with a message a person can act
// on, the log names the real cause, and nothing of the refused write is stored.
import { sql } from 'kysely'
import { countPhotos } from '../repository/photos'
import { STORAGE_UNAVAILABLE, storageFailure } from '../../../plugins/errors'
import { jpegWithGps, multipart, photoPart, registrationFields } from '../../../testing/memberForms'
import { createUserAndSignIn, testAppPerFile } from '../../../testing/testApp'
import { collectOutput } from '../../../testing/collectOutput'

const output = collectOutput()
const { ctx } = testAppPerFile({}, { logger: { level: 'warn', stream: output.stream } })
let auth: { authorization: string }

beforeAll(async () => {
  auth = (await createUserAndSignIn(ctx, 'alice')).auth
})

/** Makes the database refuse to grow: SQLite at its page limit, PostgreSQL's disk_full error. */
async function fillTheDisk() {
  const { db, dialect } = ctx.database
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db)
    await sql.raw(`pragma max_page_count = ${rows[0].page_count}`).execute(db)
    return
  }
  await sql`create function fill_the_disk() returns trigger language plpgsql as $$
    begin raise exception 'could not extend file: No space left on device'
      using errcode = 'disk_full'; end $$`.execute(db)
  await sql`create trigger fill_the_disk before insert on photos
    for each statement execute function fill_the_disk()`.execute(db)
}

async function freeTheDisk() {
  const { db, dialect } = ctx.database
  if (dialect === 'sqlite') await sql`pragma max_page_count = 1073741823`.execute(db)
  else await sql`drop trigger fill_the_disk on photos`.execute(db)
}

async function memberCount() {
  const res = await ctx.app.inject({ url: '/api/members', headers: auth })
  return (res.json() as unknown[]).length
}

describe('a full disk', () => {
  it('answers 503 "cannot save", logs the cause and stores nothing', async () => {
    const members = await memberCount()
    const photos = await countPhotos(ctx.database.db)
    const photo = photoPart(await jpegWithGps(1600, 1200))
    await fillTheDisk()
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/members',
        ...multipart(registrationFields({ notes: 'n'.repeat(4000) }), [photo], auth),
      })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({ success: false, message: STORAGE_UNAVAILABLE })
      expect(STORAGE_UNAVAILABLE).toMatch(/^The server cannot save right now/)
      const log = output.text()
      expect(log).toMatch(/disk full/)
      expect(log).toMatch(/SQLITE_FULL|53100/)
      expect(log).not.toMatch(/cannot rollback/)
    } finally {
      await freeTheDisk()
    }
    expect(await memberCount()).toBe(members)
    expect(await countPhotos(ctx.database.db)).toBe(photos)
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/members',
      ...multipart(registrationFields(), [photo], auth),
    })
    expect(again.statusCode).toBe(201)
  })
})

describe('storageFailure', () => {
  it.each([
    [{ code: 'SQLITE_FULL' }, 'disk full'],
    [{ code: 'SQLITE_IOERR_WRITE' }, 'disk write failed'],
    [{ code: 'SQLITE_READONLY' }, 'read-only'],
    [{ code: 'SQLITE_READONLY_DBMOVED' }, 'read-only'],
    [{ code: 'ENOSPC' }, 'disk full'],
    [{ code: 'EROFS' }, 'read-only'],
    [{ code: '53100', severity: 'ERROR' }, 'disk full'],
    [{ code: '25006', severity: 'ERROR' }, 'read-only'],
    [{ code: '53200', severity: 'ERROR' }, 'out of memory'],
  ])('names %j as %s', (error, cause) => {
    expect(storageFailure(Object.assign(new Error('x'), error))).toBe(cause)
  })

  it.each([[{ code: 'SQLITE_CONSTRAINT' }], [{ code: '23505' }], [{}], [null], ['text']])(
    'leaves %j alone',
    (error) => {
      expect(storageFailure(error)).toBeUndefined()
    },
  )
})
