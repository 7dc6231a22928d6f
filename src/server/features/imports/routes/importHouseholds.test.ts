// Issues 44 and 45: a later import of families already registered places its rows in their
// households without undoing what is stored; household values the household form refuses are
// refused in the file too.
import type { HouseholdPage, ImportPreview } from '../../../../domain'
import { csvOf, importerApp } from '../../../testing/importCalls'

const { ctx, owner, calls } = importerApp()

async function upload(rows: string[][]): Promise<ImportPreview> {
  const res = await calls.upload(owner.auth, csvOf(rows), 'families.csv')
  if (res.statusCode !== 200) throw new Error(`upload: HTTP ${res.statusCode} ${res.body}`)
  return res.json<ImportPreview>()
}

async function commit(rows: string[][], on_duplicate: 'skip' | 'update') {
  const res = await calls.commit(owner.auth, (await upload(rows)).id, { on_duplicate })
  expect(res.statusCode).toBe(200)
  return res.json<Record<string, number>>()
}

/** Each member's first name → its household's name and its role there. */
async function placements() {
  const rows = await ctx.database.db
    .selectFrom('members')
    .leftJoin('households', 'households.id', 'members.household_id')
    .select(['members.first_name', 'households.name', 'members.household_role'])
    .execute()
  return Object.fromEntries(rows.map((m) => [m.first_name, [m.name, m.household_role]]))
}

const setRole = (householdId: number, memberId: number, role: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/households/${householdId}/members/${memberId}`,
    headers: owner.auth,
    payload: { role },
  })

const FAMILY = ['First Name', 'Last Name', 'Mobile Phone', 'Family ID', 'Family Role']
const ABEBE = ['Abebe', 'Kebede', '0911000001', '5', 'Head of Household']

describe('a later import of registered families', () => {
  it('puts a new member with the family of a skipped row, leaving that row’s member', async () => {
    await commit([FAMILY, ABEBE], 'skip')
    const [household] = await ctx.database.db.selectFrom('households').select('id').execute()
    const [abebe] = await ctx.database.db.selectFrom('members').select('id').execute()
    // Changed in the register since: the skipped row's role is not written back.
    expect((await setRole(household.id, abebe.id, 'spouse')).statusCode).toBe(200)

    const result = await commit(
      [FAMILY, ABEBE, ['Selam', 'Abebe', '0911000003', '5', 'Child']],
      'skip',
    )
    expect(result).toMatchObject({ created: 1, skipped: 1 })
    expect(await ctx.database.db.selectFrom('households').select('id').execute()).toHaveLength(1)
    expect(await placements()).toEqual({
      Abebe: ['Abebe Kebede family', 'spouse'],
      Selam: ['Abebe Kebede family', 'child'],
    })
  })

  it('keeps a member’s stored role where the file gives none; a newcomer is a relative', async () => {
    const headers = ['First Name', 'Last Name', 'Mobile Phone', 'Household number', 'Family Role']
    await commit([headers, ['Abebe', 'Kebede', '0911000001', 'F-1', '']], 'skip')
    const [household] = await ctx.database.db.selectFrom('households').select('id').execute()
    const [abebe] = await ctx.database.db.selectFrom('members').select('id').execute()
    expect((await setRole(household.id, abebe.id, 'head')).statusCode).toBe(200)

    const result = await commit(
      [
        headers,
        ['Abebe', 'Kebede', '0911000001', 'F-1', ''],
        ['Almaz', 'Tadesse', '0911000002', 'F-1', ''],
      ],
      'update',
    )
    expect(result).toMatchObject({ created: 1, updated: 1 })
    // A file without the role column at all says nothing about the role either.
    await commit([headers.slice(0, 4), ['Abebe', 'Kebede', '0911000001', 'F-1']], 'update')
    expect(await placements()).toEqual({
      Abebe: ['Abebe Kebede family', 'head'],
      Almaz: ['Abebe Kebede family', 'relative'],
    })
  })

  it('finds the household by a member’s new name after an update renames it', async () => {
    await commit([FAMILY, ABEBE], 'skip')
    const found = async (q: string) => {
      const res = await ctx.app.inject({
        url: `/api/households?q=${encodeURIComponent(q)}`,
        headers: owner.auth,
      })
      return res.json<HouseholdPage>().items.map((h) => h.name)
    }
    expect(await found('Zerihun')).toEqual([])
    // No family columns: the update alone changes what the household search matches.
    await commit(
      [
        ['First Name', 'Last Name', 'Mobile Phone', 'Latin Name'],
        ['Abebe', 'Kebede', '0911000001', 'Zerihun'],
      ],
      'update',
    )
    expect(await found('Zerihun')).toEqual(['Abebe Kebede family'])
  })
})

describe('household values of a file', () => {
  it('refuses a household name or number holding a control character, naming the cell', async () => {
    const headers = ['First Name', 'Last Name', 'Household number', 'Household Name']
    const p = await upload([
      headers,
      ['Abebe', 'Kebede', 'F-1\u0007', 'Bad\u001b[31m'],
      ['Almaz', 'Tadesse', 'F-2', '"Line\nbreak"'],
      ['Chaltu', 'Gemechu', 'F-3', 'Warra Gemechu'],
    ])
    expect(p.errors).toEqual([
      { row: 2, field: 'family_number', message: 'invalidValue', value: 'F-1\u0007' },
      { row: 2, field: 'family_name', message: 'invalidValue', value: 'Bad\u001b[31m' },
      { row: 3, field: 'family_name', message: 'invalidValue', value: 'Line\nbreak' },
    ])
    const res = await calls.commit(owner.auth, p.id, { on_duplicate: 'skip' })
    expect(res.json()).toMatchObject({ created: 1, refused: 2 })
    const households = await ctx.database.db
      .selectFrom('households')
      .select(['name', 'number'])
      .execute()
    expect(households).toEqual([{ name: 'Warra Gemechu', number: 'F-3' }])
  })

  it('warns of a household number too long to keep, and makes the household without it', async () => {
    const long = `F-${'1'.repeat(40)}`
    const p = await upload([
      ['First Name', 'Last Name', 'Household number', 'Household Name'],
      ['Abebe', 'Kebede', long, 'Kebede family'],
    ])
    expect(p.errors).toEqual([])
    expect(p.warnings).toEqual([
      { row: 2, field: 'family_number', message: 'importFamilyNumberTooLong', value: long },
    ])
    await calls.commit(owner.auth, p.id, { on_duplicate: 'skip' })
    const households = await ctx.database.db
      .selectFrom('households')
      .select(['name', 'number'])
      .execute()
    expect(households).toEqual([{ name: 'Kebede family', number: null }])
  })
})

describe('a household’s own fields in a file', () => {
  const OWN = [
    'First Name',
    'Last Name',
    'Family ID',
    'Family Role',
    'Household home phone',
    'Household wedding date (Ethiopian calendar)',
    'Household status',
    'Household notes',
  ]

  const stored = () =>
    ctx.database.db
      .selectFrom('households')
      .select(['name', 'home_phone', 'wedding_date', 'status', 'notes'])
      .orderBy('id')
      .execute()

  async function events(action: string) {
    const rows = await ctx.database.db
      .selectFrom('audit_events')
      .select(['details'])
      .where('action', '=', action)
      .orderBy('seq')
      .execute()
    return rows.map((row) => JSON.parse(row.details) as Record<string, unknown>)
  }

  it('refuses a wedding date or status it cannot read, naming the cell', async () => {
    const p = await upload([
      OWN,
      ['Abebe', 'Kebede', '1', 'Head', '', '1991-13-06', 'Gone fishing', ''],
      ['Chaltu', 'Gemechu', '2', 'Head', '', '1982-02-31', '', ''],
      ['Almaz', 'Tadesse', '3', 'Head', '011 551 2345', '1982-09-09', 'ወደ ሌላ ቦታ የሄደ', ''],
    ])
    expect(p.errors).toEqual([
      { row: 2, field: 'family_status', message: 'invalidValue', value: 'Gone fishing' },
      { row: 3, field: 'family_wedding_date', message: 'invalidDate', value: '1982-02-31' },
    ])
    // The status the import does not know is offered for the clerk to map, as a role's is.
    expect(p.values).toEqual([
      {
        column: 'Household status',
        field: 'family_status',
        values: [{ value: 'Gone fishing', count: 1 }],
        accepted: ['active', 'moved_away', 'archived'],
      },
    ])
    const res = await calls.commit(owner.auth, p.id, { on_duplicate: 'skip' })
    expect(res.json()).toMatchObject({ created: 1, refused: 2 })
    // Tir has no 31st day; Ginbot 9, 1982 (Ethiopian) is 17 May 1990.
    expect(await stored()).toEqual([
      {
        name: 'Almaz Tadesse family',
        home_phone: '011 551 2345',
        wedding_date: '1990-05-17',
        status: 'moved_away',
        notes: null,
      },
    ])
  })

  it('reads a status the clerk maps, and refuses a control character as the form does', async () => {
    const rows = [
      OWN,
      ['Abebe', 'Kebede', '1', 'Head', '', '', 'Gone fishing', ''],
      ['Chaltu', 'Gemechu', '2', 'Head', 'ext\u00071', '', '', ''],
    ]
    const p = await upload(rows)
    expect(p.errors).toContainEqual({
      row: 3,
      field: 'family_home_phone',
      message: 'invalidValue',
      value: 'ext\u00071',
    })
    const res = await calls.commit(owner.auth, p.id, {
      on_duplicate: 'skip',
      value_map: { 'Household status': { 'Gone fishing': 'moved_away' } },
    })
    expect(res.json()).toMatchObject({ created: 1, refused: 1 })
    expect((await stored()).map((h) => h.status)).toEqual(['moved_away'])
  })

  it('fills a new household from its head’s row first, then from the others', async () => {
    await commit(
      [
        OWN,
        ['Selam', 'Abebe', '5', 'Child', '0911', '', 'Archived', 'From the child'],
        ['Abebe', 'Kebede', '5', 'Head', '', '1982-09-09', 'Active', ''],
      ],
      'skip',
    )
    expect(await stored()).toEqual([
      {
        name: 'Abebe Kebede family',
        home_phone: '0911',
        wedding_date: '1990-05-17',
        status: 'active',
        notes: 'From the child',
      },
    ])
    const [created] = await events('household_create')
    expect(created.fields).toMatchObject({ home_phone: [null, '0911'], status: [null, 'active'] })
  })

  it('updates a joined household’s filled fields on "update" only, a blank cell keeping', async () => {
    const first = [
      ['Abebe', 'Kebede', '5', 'Head', '011 000', '1982-09-09', 'Active', 'Keep me'],
    ] as string[][]
    await commit([OWN, ...first], 'skip')
    const again = [['Abebe', 'Kebede', '5', 'Head', '022 111', '', 'Archived', '']] as string[][]
    // "skip" leaves the stored household as it is, as it leaves the stored member.
    expect(await commit([OWN, ...again], 'skip')).toMatchObject({ skipped: 1 })
    const kept = {
      name: 'Abebe Kebede family',
      home_phone: '011 000',
      wedding_date: '1990-05-17',
      status: 'active',
      notes: 'Keep me',
    }
    expect(await stored()).toEqual([kept])
    expect(await events('household_update')).toEqual([])

    expect(await commit([OWN, ...again], 'update')).toMatchObject({ updated: 1 })
    expect(await stored()).toEqual([{ ...kept, home_phone: '022 111', status: 'archived' }])
    const updates = await events('household_update')
    expect(updates).toEqual([
      {
        household_id: expect.any(Number),
        name: 'Abebe Kebede family',
        changes: { home_phone: ['011 000', '022 111'], status: ['active', 'archived'] },
      },
    ])
    // The same file again changes nothing, and records nothing.
    await commit([OWN, ...again], 'update')
    expect(await events('household_update')).toHaveLength(1)
  })

  it('previews the filled household fields an update would replace, old → new', async () => {
    await commit(
      [OWN, ['Abebe', 'Kebede', '5', 'Head', '011 000', '', 'Active', 'Keep me']],
      'skip',
    )
    const [{ id }] = await ctx.database.db.selectFrom('households').select('id').execute()
    // Selam is new to the file's family: her row's fields count too, after the head's.
    const again = [
      ['Abebe', 'Kebede', '5', 'Head', '', '1982-09-09', 'Archived', ''],
      ['Selam', 'Abebe', '5', 'Child', '022 111', '', 'Active', 'New note'],
    ]
    const preview = await upload([OWN, ...again])
    // The wedding date was empty: filled, not replaced, so not listed (as for members).
    expect(preview.household_changes).toEqual([
      {
        household_id: id,
        household: 'Abebe Kebede family',
        field: 'family_home_phone',
        old: '011 000',
        new: '022 111',
      },
      {
        household_id: id,
        household: 'Abebe Kebede family',
        field: 'family_status',
        old: 'active',
        new: 'archived',
      },
      {
        household_id: id,
        household: 'Abebe Kebede family',
        field: 'family_notes',
        old: 'Keep me',
        new: 'New note',
      },
    ])
    const res = await calls.commit(owner.auth, preview.id, { on_duplicate: 'update' })
    expect(res.statusCode).toBe(200)
    expect(await stored()).toEqual([
      {
        name: 'Abebe Kebede family',
        home_phone: '022 111',
        wedding_date: '1990-05-17',
        status: 'archived',
        notes: 'New note',
      },
    ])
    // Nothing is left to replace.
    expect((await upload([OWN, ...again])).household_changes).toEqual([])
  })

  it('previews no household change for a family the file brings anew', async () => {
    const preview = await upload([
      OWN,
      ['Abebe', 'Kebede', '5', 'Head', '011 000', '', 'Active', ''],
    ])
    expect(preview.household_changes).toEqual([])
  })
})
