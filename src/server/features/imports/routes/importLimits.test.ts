// Issue 47: an import's size is bounded before it costs the server memory, a core or disk
// space: a cell, the whole sheet, the stored import; imports at once per account and per
// server; expired imports deleted. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import ExcelJS from 'exceljs'
import Fastify from 'fastify'
import { sql } from 'kysely'
import { createImport } from '../service'
import { scheduleExpiredImportSweep } from '../importLimits'
import { csvOf, importerApp } from '../../../testing/importCalls'
import { rawWorkbook } from '../../../testing/rawWorkbook'
import { createUserAndSignIn } from '../../../testing/testApp'

jest.setTimeout(120_000)

const { ctx, owner, calls } = importerApp()

async function pendingCount(): Promise<number> {
  const { rows } = await sql<{
    n: number | string
  }>`select count(*) as n from pending_imports`.execute(ctx.database.db)
  return Number(rows[0].n)
}

/** How many parts of an import's rows are stored (migration 2026_11_29_1201). */
async function partsOf(id: string): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('pending_import_rows')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('import_id', '=', id)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

const header = ['first_name', 'middle_name', 'last_name', 'notes']

describe('an import refuses what would cost the server too much', () => {
  afterEach(async () => {
    expect(await pendingCount()).toBe(0)
  })

  it('refuses one 20 MB shared string used in three cells before reading it', async () => {
    const data = rawWorkbook({
      strings: [...header, 'x'.repeat(20 * 1024 * 1024)],
      rowCount: 2,
      row: (i) => (i === 0 ? [0, 1, 2, 3] : [4, 4, 'Tesfaye', 4]),
    })
    expect(data.length).toBeLessThan(100_000)
    const res = await calls.upload(owner.auth, data)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ errors: { file: 'importCellTooLong' } })
  })

  it.each([
    ['csv', 'members.csv'],
    ['xlsx', 'members.xlsx'],
  ])('refuses a cell of 60,000 characters in a .%s, naming its row', async (kind, name) => {
    const long = 'ሀ'.repeat(60_000)
    const data =
      kind === 'csv'
        ? csvOf([header, ['Abebe', 'Kebede', 'Tesfaye', 'short'], ['Almaz', 'B', 'C', long]])
        : rawWorkbook({
            strings: [],
            rowCount: 3,
            row: (i) =>
              [header, ['Abebe', 'Kebede', 'Tesfaye', 'short'], ['Almaz', 'B', 'C', long]][i],
          })
    const res = await calls.upload(owner.auth, data, name)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ errors: { file: 'importCellTooLong' } })
    expect(res.json<{ message: string }>().message).toContain('row 3')
  })

  it('refuses 20,000 rows of 80 columns (1,600,000 cells) in a CSV', async () => {
    const row = Array.from({ length: 80 }, (_, i) => `c${i}`)
    const lines = [row.join(','), ...Array.from({ length: 20_000 }, () => row.join(','))]
    const res = await calls.upload(owner.auth, Buffer.from(lines.join('\n')), 'members.csv')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ errors: { file: 'importTooLarge' } })
    expect(res.json<{ message: string }>().message).toContain('1,600,000 cells')
  })

  it('refuses 20,000 rows of 80 columns in a .xlsx before exceljs builds them', async () => {
    const data = rawWorkbook({
      strings: ['x'],
      rowCount: 20_000,
      row: () => Array.from({ length: 80 }, () => 0),
    })
    const res = await calls.upload(owner.auth, data)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ errors: { file: 'importTooLarge' } })
    // Counted in the XML (header included), not in the rows exceljs would have built.
    expect(res.json<{ message: string }>().message).toContain('1,600,000 cells')
  })

  it('refuses a sheet of more than 20 million characters', async () => {
    const data = rawWorkbook({
      strings: ['first_name', 'n'.repeat(1_100)],
      rowCount: 19_000,
      row: (i) => (i === 0 ? [0] : [1]),
    })
    const res = await calls.upload(owner.auth, data)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ errors: { file: 'importTooLarge' } })
  })

  it('does not store an import of more than 64 MB', async () => {
    // Each control character is six bytes of JSON: 12 M characters, 72 MB stored.
    const cell = '\u0001'.repeat(1_000)
    const table = {
      columns: ['notes'],
      rows: Array.from({ length: 12_000 }, () => [cell]),
      rowNumbers: Array.from({ length: 12_000 }, (_, i) => i + 2),
    }
    await expect(createImport(ctx.database.db, owner.id, table, 'gregorian')).rejects.toMatchObject(
      { statusCode: 400, errors: { file: 'importTooLarge' } },
    )
  })
})

describe('the refused rows of the largest import', () => {
  it('are written as the client reads them, never held whole', async () => {
    // 20,000 rows of 75 columns (1,500,000 cells, the limit), each refused: no given name.
    const header = ['first_name', ...Array.from({ length: 74 }, (_, i) => `c${i}`)]
    const row = ['', ...header.slice(1).map(() => 'xy')]
    const file = csvOf([header, ...Array.from({ length: 20_000 }, () => row)])
    const upload = await calls.upload(owner.auth, file, 'members.csv', {}, 'text/csv')
    expect(upload.statusCode).toBe(200)
    const id = upload.json<{ id: string }>().id
    const commit = await calls.commit(owner.auth, id, { on_duplicate: 'skip' })
    expect(commit.json()).toMatchObject({ created: 0, refused: 20_000 })

    const before = process.memoryUsage().rss
    let peak = before
    const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
    const res = await ctx.app.inject({
      url: `/api/imports/${id}/report?lang=en`,
      headers: owner.auth,
    })
    clearInterval(sample)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-length']).toBeUndefined()
    // Built whole in memory, this workbook took about 2 GB; written row by row, about 100 MB.
    expect((peak - before) / 2 ** 20).toBeLessThan(600)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    expect(sheet.rowCount).toBe(20_001)
    expect(sheet.getRow(20_001).getCell(75).value).toBe('xy')
  })
})

describe('imports at once', () => {
  const file = () =>
    csvOf([
      header,
      ...Array.from({ length: 3_000 }, (_, i) => [`Abebe${i}`, 'Kebede', 'Tesfaye', 'note']),
    ])

  it('takes one import of an account at a time: the second is a 409', async () => {
    const answers = await Promise.all([
      calls.upload(owner.auth, file(), 'a.csv'),
      calls.upload(owner.auth, file(), 'b.csv'),
    ])
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409])
    const busy = answers.find((res) => res.statusCode === 409)!
    expect(busy.json()).toMatchObject({ errors: { file: 'importBusy' } })
    // Once the first is done, the account can import again.
    expect((await calls.upload(owner.auth, file(), 'c.csv')).statusCode).toBe(200)
  })

  it('takes two imports at once on a server: a third is a 429 with Retry-After', async () => {
    const others = await Promise.all(
      ['dawit', 'hanna'].map((name) => createUserAndSignIn(ctx, name)),
    )
    const answers = await Promise.all(
      [owner, ...others].map((user) => calls.upload(user.auth, file(), 'a.csv')),
    )
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 429])
    const busy = answers.find((res) => res.statusCode === 429)!
    expect(busy.json()).toMatchObject({ errors: { file: 'importServerBusy' } })
    expect(busy.headers['retry-after']).toBe('30')
  })
})

describe('space of pending imports', () => {
  it('deletes expired imports, committed or not, on the sweep', async () => {
    const first = await calls.upload(owner.auth, file3(), 'a.csv')
    const second = await calls.upload(owner.auth, file3(), 'b.csv')
    const committed = await calls.commit(owner.auth, second.json<{ id: string }>().id, {
      on_duplicate: 'create',
    })
    expect(first.statusCode).toBe(200)
    expect(committed.statusCode).toBe(200)
    // A committed import keeps only its report of refused rows, not the file's rows.
    expect(await partsOf(first.json<{ id: string }>().id)).toBe(1)
    expect(await partsOf(second.json<{ id: string }>().id)).toBe(0)
    expect(await pendingCount()).toBe(2)

    const sweeper = Fastify()
    scheduleExpiredImportSweep(sweeper, ctx.database.db, () => new Date(Date.now() + 61 * 60_000))
    await sweeper.ready()
    await sweeper.close()
    expect(await pendingCount()).toBe(0)
    expect(await partsOf(first.json<{ id: string }>().id)).toBe(0)
  })
})

function file3() {
  return csvOf([header, ['Abebe', 'Kebede', 'Tesfaye', ''], ['Almaz', 'Kebede', 'Tesfaye', '']])
}
