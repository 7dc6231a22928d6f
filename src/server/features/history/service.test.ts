// The history (issue 25): one event per change with its before/after, written in the change's
// transaction, and a hash chain whose edits, removals and insertions `audit verify` finds.
import { sql } from 'kysely'
import { runAuditCommand } from '../../cli/audit'
import { memberCalls } from '../../testing/memberCalls'
import { multipart, pngImage, photoPart } from '../../testing/memberForms'
import { createTestApp, createUserAndSignIn, type TestContext } from '../../testing/testApp'
import { eventHash, recordEvent, verifyChain } from './service'
import { collectOutput } from '../../testing/collectOutput'

let ctx: TestContext
const calls = memberCalls(() => ctx.app)

beforeEach(async () => {
  ctx = await createTestApp()
})
afterEach(() => ctx.close())

interface Event {
  seq: number
  action: string
  actor_username: string | null
  member_id: number | null
  subject_user_id: number | null
  details: Record<string, unknown>
}

async function events(): Promise<Event[]> {
  const rows = await ctx.database.db.selectFrom('audit_events').selectAll().orderBy('seq').execute()
  return rows.map((row) => ({ ...row, seq: Number(row.seq), details: JSON.parse(row.details) }))
}

async function audit() {
  const output = collectOutput()
  const code = await runAuditCommand(['verify'], {
    db: ctx.database.db,
    stdout: output.stream,
    stderr: output.stream,
  })
  return { code, text: output.text() }
}

describe('one event per change', () => {
  it('records sign-ins, refusals (without the password) and sign-outs', async () => {
    const user = await createUserAndSignIn(ctx, 'maryam')
    await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'maryam', password: 'wrong password 1' },
    })
    await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'my secret password', password: 'x' },
    })
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: user.auth })
    const log = await events()
    expect(log.map((e) => e.action)).toEqual([
      'sign_in',
      'sign_in_refused',
      'sign_in_refused',
      'sign_out',
    ])
    expect(log[0]).toMatchObject({ actor_username: 'maryam', subject_user_id: user.id })
    expect(log[1].details).toEqual({ username: 'maryam', reason: 'password' })
    const text = JSON.stringify(log)
    expect(text).not.toContain('wrong password 1')
    expect(text).not.toContain('my secret password')
  })

  it('records create, update field by field, photo, transfer and delete', async () => {
    const owner = await createUserAndSignIn(ctx, 'maryam')
    const other = await createUserAndSignIn(ctx, 'yonas')
    const member = await calls.create(owner.auth, { first_name: 'Abebe', city: 'Adama' })
    expect(
      (await calls.update(owner.auth, member.id, { city: 'Hawassa', notes: 'n' })).statusCode,
    ).toBe(200)
    const photo = await ctx.app.inject({
      method: 'PUT',
      url: `/api/members/${member.id}`,
      ...multipart({}, [photoPart(await pngImage(), 'p.png', 'image/png')], owner.auth),
    })
    expect(photo.statusCode).toBe(200)
    expect((await calls.transfer(owner.auth, member.id, other.id)).statusCode).toBe(200)
    expect((await calls.remove(other.auth, member.id)).statusCode).toBe(204)

    const log = (await events()).filter((e) => e.member_id === member.id)
    expect(log.map((e) => e.action)).toEqual([
      'member_create',
      'member_update',
      'member_photo',
      'member_transfer',
      'member_delete',
    ])
    expect(log[0].details.fields).toMatchObject({
      first_name: [null, 'Abebe'],
      city: [null, 'Adama'],
    })
    expect(log[1]).toMatchObject({ actor_username: 'maryam' })
    expect(log[1].details).toEqual({
      changes: { city: ['Adama', 'Hawassa'], notes: ['Sings bass', 'n'] },
    })
    const photoChange = (log[2].details.changes as Record<string, [unknown, unknown]>).photo_path
    expect(photoChange[0]).toBeNull()
    expect(photoChange[1]).toMatch(/^uploads\/[\w-]+\.jpg$/)
    expect(JSON.stringify(log[2].details)).not.toMatch(/base64|\\u0000/)
    expect(log[3]).toMatchObject({ subject_user_id: other.id })
    expect(log[3].details.changes).toEqual({ owner_user_id: [owner.id, other.id] })
    expect(log[3].details).toMatchObject({ from_username: 'maryam', to_username: 'yonas' })
    expect(log[4]).toMatchObject({ actor_username: 'yonas' })
  })

  it('records nothing for an update that changes nothing or fails', async () => {
    const owner = await createUserAndSignIn(ctx, 'maryam')
    const member = await calls.create(owner.auth, { city: 'Adama' })
    const before = (await events()).length
    expect((await calls.update(owner.auth, member.id, { city: 'Adama' })).statusCode).toBe(200)
    expect((await calls.update(owner.auth, member.id, { first_name: '' })).statusCode).toBe(400)
    expect((await events()).length).toBe(before)
  })

  it('is written in the transaction of the change: a rollback leaves no event', async () => {
    await expect(
      ctx.database.db.transaction().execute(async (trx) => {
        await recordEvent(trx, { actor: { id: 1, username: 'x' }, action: 'member_update' })
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await events()).toEqual([])
  })
})

describe('the hash chain', () => {
  async function someHistory() {
    const owner = await createUserAndSignIn(ctx, 'maryam')
    const member = await calls.create(owner.auth)
    await calls.update(owner.auth, member.id, { city: 'Bahir Dar' })
    await calls.update(owner.auth, member.id, { city: 'Gondar' })
    await calls.remove(owner.auth, member.id)
    return events()
  }

  it('links each event to the one before and verifies intact', async () => {
    const log = await someHistory()
    expect(log.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5])
    const result = await audit()
    expect(result.code).toBe(0)
    expect(result.text).toMatch(/^history intact: 5 events$/m)
  })

  it('finds an event edited in the database', async () => {
    await someHistory()
    await sql`update audit_events set details = ${JSON.stringify({ changes: { city: ['Adama', 'Gondar'] } })}
      where seq = 3`.execute(ctx.database.db)
    const result = await audit()
    expect(result.code).toBe(1)
    expect(result.text).toMatch(/event 3: it was altered/)
  })

  it('finds an edit that also recomputed the event hash (the next event no longer follows)', async () => {
    await someHistory()
    const row = await ctx.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('seq', '=', 2)
      .executeTakeFirstOrThrow()
    const forged = { ...row, seq: 2, actor_username: 'someone else' }
    await sql`update audit_events set actor_username = 'someone else', hash = ${eventHash(forged)}
      where seq = 2`.execute(ctx.database.db)
    expect(await verifyChain(ctx.database.db)).toMatchObject({ intact: false, seq: 3 })
  })

  it('finds an event deleted from the database', async () => {
    await someHistory()
    await sql`delete from audit_events where seq = 2`.execute(ctx.database.db)
    const result = await audit()
    expect(result.code).toBe(1)
    expect(result.text).toMatch(/event 2: it was removed/)
  })

  it('finds an event inserted into the database', async () => {
    await someHistory()
    const fields = {
      seq: 6,
      at: new Date().toISOString(),
      actor_id: null,
      actor_username: 'intruder',
      action: 'member_update',
      member_id: 1,
      subject_user_id: null,
      details: '{}',
      prev_hash: 'f'.repeat(64),
    }
    await ctx.database.db
      .insertInto('audit_events')
      .values({ ...fields, hash: eventHash(fields) })
      .execute()
    const result = await audit()
    expect(result.code).toBe(1)
    expect(result.text).toMatch(/event 6: it was inserted/)
  })

  it('stays one unbroken chain under concurrent writers', async () => {
    const a = await createUserAndSignIn(ctx, 'maryam')
    const b = await createUserAndSignIn(ctx, 'yonas')
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        calls.create(i % 2 ? a.auth : b.auth, { city: `C${i}` }),
      ),
    )
    const result = await verifyChain(ctx.database.db)
    expect(result).toMatchObject({ intact: true, count: 14 })
  })
})
