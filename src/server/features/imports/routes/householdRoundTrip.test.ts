// Issues 44 and 45: an export's households come back when it is imported into another register,
// those without a household number included (the export's household key column).
import type { ImportPreview } from '../../../../domain'
import { householdWith, importCalls } from '../../../testing/importCalls'
import { memberCalls } from '../../../testing/memberCalls'
import { createTestApp, createUserAndSignIn, type TestContext } from '../../../testing/testApp'

let source: TestContext
let owner: Awaited<ReturnType<typeof createUserAndSignIn>>
const members = memberCalls(() => source.app)
const sourceImports = importCalls(() => source.app)

/** The families of the source register: name, number, own fields and each member's role. */
const FAMILIES = [
  {
    name: 'የአቶ አበበ ከበደ ቤተሰብ',
    number: 'F-12',
    home_phone: '011 551 2345',
    wedding_date: '1988-05-21',
    notes: 'ቤታቸው ተቀይሯል፣ ቦሌ\nAbbaan: "Tolaa", 3',
    members: [
      ['አበበ', 'head'],
      ['ትዕግሥት', 'spouse'],
      ['ሳምራዊት', 'child'],
      ['ዮናስ', 'child'],
    ],
  },
  {
    name: 'Warra Caalaa',
    number: null,
    status: 'moved_away',
    notes: '= not a formula; -3 either',
    members: [
      ['Caalaa', 'head'],
      ['Lensa', 'relative'],
      ['Gammachuu', 'other'],
    ],
  },
  // Same name as the first, no number: still a household of its own.
  {
    name: 'የአቶ አበበ ከበደ ቤተሰብ',
    number: null,
    status: 'archived',
    wedding_date: '2023-09-11',
    members: [['ሰላም', 'spouse']],
  },
] as const

beforeAll(async () => {
  source = await createTestApp()
  owner = await createUserAndSignIn(source, 'sara')
  for (const family of FAMILIES) {
    const roles: [number, string][] = []
    for (const [first_name, role] of family.members) {
      const { id } = await members.create(owner.auth, { first_name, last_name: 'ከበደ' })
      roles.push([id, role])
    }
    await householdWith(source.app, owner.auth, family, roles)
  }
  // A member in no household stays in none.
  await members.create(owner.auth, { first_name: 'Alone', last_name: 'ከበደ' })
})
afterAll(() => source.close())

/**
 * Each household as a comparable text: name, number, own fields, and its members' first names
 * and roles.
 */
async function households(ctx: TestContext): Promise<string[]> {
  const rows = await ctx.database.db
    .selectFrom('members')
    .leftJoin('households', 'households.id', 'members.household_id')
    .select([
      'members.first_name',
      'members.household_role',
      'households.id',
      'households.name',
      'households.number',
      'households.home_phone',
      'households.wedding_date',
      'households.status',
      'households.notes',
    ])
    .execute()
  const byHousehold = new Map<number | null, typeof rows>()
  for (const row of rows) byHousehold.set(row.id, [...(byHousehold.get(row.id) ?? []), row])
  return [...byHousehold.values()]
    .map((group) => {
      const [{ name, number, home_phone, wedding_date, status, notes }] = group
      const own = JSON.stringify([home_phone, wedding_date, status, notes])
      const people = group.map((m) => `${m.first_name}:${m.household_role ?? '-'}`).sort()
      return `${name ?? '(none)'} #${number ?? '-'} ${own} [${people.join(', ')}]`
    })
    .sort()
}

describe('an export imported into an empty register', () => {
  it.each([
    ['csv', 'en'],
    ['xlsx', 'am'],
    ['xlsx', 'om'],
  ])('recreates the same households with the same roles (%s, %s)', async (format, lang) => {
    const exported = await sourceImports.exportMembers(owner.auth, { format, lang })
    expect(exported.statusCode).toBe(200)
    const expected = await households(source)
    expect(expected).toHaveLength(4)
    expect(expected.join('\n')).toContain('["011 551 2345","1988-05-21","active","ቤታቸው')
    expect(expected.join('\n')).toContain('[null,null,"moved_away","= not a formula; -3 either"]')

    const target = await createTestApp()
    try {
      const clerk = await createUserAndSignIn(target, 'dawit')
      const imports = importCalls(() => target.app)
      const upload = await imports.upload(clerk.auth, exported.rawPayload, `export.${format}`)
      expect(upload.statusCode).toBe(200)
      const preview = upload.json<ImportPreview>()
      expect(Object.values(preview.mapping).filter((t) => t?.startsWith('family_'))).toEqual([
        'family_id',
        'family_number',
        'family_name',
        'family_role',
        'family_home_phone',
        'family_wedding_date',
        'family_status',
        'family_notes',
      ])
      expect(preview.errors).toEqual([])
      const commit = await imports.commit(clerk.auth, preview.id, { on_duplicate: 'create' })
      expect(commit.json()).toMatchObject({ created: 9, refused: 0 })
      expect(await households(target)).toEqual(expected)
    } finally {
      await target.close()
    }
  })
})
