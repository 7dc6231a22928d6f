// A pending import's rows are stored in parts of 500 (migration 2026_11_29_1201, decision 0238),
// and a commit's progress is answered while the commit holds the database.
import type { ImportPreview, ImportProgress } from '../../../../domain'
import { csvOf, importerApp } from '../../../testing/importCalls'
import { createUserAndSignIn } from '../../../testing/testApp'

const { ctx, owner, calls } = importerApp()

const HEADER = ['first_name', 'middle_name', 'last_name', 'notes']

/** `count` rows, each its own person; the row at `blankAt` (a file row number) has no given name. */
function register(count: number, blankAt?: number): Buffer {
  const rows = Array.from({ length: count }, (_, i) => [
    i + 2 === blankAt ? '' : `Given${i}`,
    `Father${i}`,
    `Grandfather${i}`,
    `note ${i + 2}`,
  ])
  return csvOf([HEADER, ...rows])
}

async function upload(data: Buffer): Promise<ImportPreview> {
  const res = await calls.upload(owner.auth, data, 'members.csv')
  if (res.statusCode !== 200) throw new Error(`upload: HTTP ${res.statusCode} ${res.body}`)
  return res.json<ImportPreview>()
}

async function partsOf(id: string): Promise<number[]> {
  const rows = await ctx.database.db
    .selectFrom('pending_import_rows')
    .select('part')
    .where('import_id', '=', id)
    .orderBy('part')
    .execute()
  return rows.map((row) => Number(row.part))
}

describe('rows stored in parts', () => {
  it('keeps every row, its number and its cells across parts, to the commit', async () => {
    const p = await upload(register(1201, 1100))
    expect(p.rows).toBe(1201)
    expect(await partsOf(p.id)).toEqual([0, 1, 2])

    // The check again reads the rows back from their parts: the same rows, the same numbers.
    const again = await calls.preview(owner.auth, p.id, {})
    expect(again.statusCode).toBe(200)
    const checked = again.json<ImportPreview>()
    expect(checked.rows).toBe(1201)
    expect(checked.errors.map((e) => [e.row, e.field])).toEqual([[1100, 'first_name']])

    const res = await calls.commit(owner.auth, p.id, { on_duplicate: 'create' })
    expect(res.json()).toEqual({ created: 1200, updated: 0, skipped: 0, refused: 1 })
    const stored = await ctx.database.db
      .selectFrom('members')
      .select(['first_name', 'notes'])
      .orderBy('id')
      .execute()
    expect(stored).toHaveLength(1200)
    expect(stored[0]).toEqual({ first_name: 'Given0', notes: 'note 2' })
    // Row 1,100 (the 1,099th of the file's data) was refused: the next member is row 1,101.
    expect(stored[1098]).toEqual({ first_name: 'Given1099', notes: 'note 1101' })
    expect(stored[1199]).toEqual({ first_name: 'Given1200', notes: 'note 1202' })
    // Once committed, the rows' parts are gone; the report keeps the refused row.
    expect(await partsOf(p.id)).toEqual([])
  })

  it('treats an import with a part missing as gone, storing nothing', async () => {
    const p = await upload(register(600))
    await ctx.database.db
      .deleteFrom('pending_import_rows')
      .where('import_id', '=', p.id)
      .where('part', '=', 1)
      .execute()
    expect((await calls.preview(owner.auth, p.id, {})).statusCode).toBe(404)
    const res = await calls.commit(owner.auth, p.id, { on_duplicate: 'create' })
    expect(res.statusCode).toBe(404)
    const { n } = await ctx.database.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(n)).toBe(0)
  })

  it('deletes the parts with their import', async () => {
    const p = await upload(register(700))
    expect(await partsOf(p.id)).toEqual([0, 1])
    await ctx.database.db.deleteFrom('pending_imports').where('id', '=', p.id).execute()
    expect(await partsOf(p.id)).toEqual([])
  })
})

describe('GET /api/imports/progress/:token during a commit', () => {
  it('answers while the commit runs, to its own session only', async () => {
    const p = await upload(register(2000))
    const other = await createUserAndSignIn(ctx, 'dawit')
    const token = 'c0ffee'.repeat(6)
    let settled = false
    const commit = calls
      .commit(owner.auth, p.id, { on_duplicate: 'create', progress: token })
      .finally(() => {
        settled = true
      })
    const poll = (auth: { authorization: string }) =>
      ctx.app.inject({ url: `/api/imports/progress/${token}`, headers: auth })
    const seen: ImportProgress[] = []
    while (!settled) {
      const own = await poll(owner.auth)
      if (own.statusCode === 200 && !settled) seen.push(own.json<ImportProgress>())
      // A timer's turn, as a client's next poll would wait for: the commit yields by setImmediate.
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    expect((await commit).json()).toMatchObject({ created: 2000 })
    // A poll that waited for the commit's end would only ever see its last report.
    const midway = seen.filter((report) => report.done < report.total)
    expect(midway.length).toBeGreaterThan(0)
    expect(midway.every((report) => report.total === 2000)).toBe(true)
    expect((await poll(owner.auth)).json()).toEqual({ phase: 'storing', done: 2000, total: 2000 })
    expect((await poll(other.auth)).statusCode).toBe(404)
  })
})
