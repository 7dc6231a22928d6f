import { sql } from 'kysely'
import type { Member } from '../../../domain'
import { createUserAndSignIn, testAppPerFile } from '../../testing/testApp'
import { multipart, registrationFields } from '../../testing/memberForms'
import { rebuildStaleSearchText } from './textBackfill'

// Search across scripts, spellings, phone formats and label languages (issue 26), through the
// real route, on SQLite (FTS5 trigram) and PostgreSQL (pg_trgm + member_search) alike.

const { ctx } = testAppPerFile()
let auth: { authorization: string }
const people: Record<string, Member> = {}

// registrationFields' defaults (names, phones, ministries) would match every query here.
const BLANK = Object.fromEntries(
  [
    'phone_secondary',
    'email',
    'emergency_contact_name',
    'emergency_contact_phone',
    'emergency_contact_relationship',
    'spouse_name',
    'parent_guardian',
    'notes',
  ].map((field) => [field, '']),
)

async function createOk(overrides: Record<string, string>): Promise<Member> {
  const base = { ...registrationFields(), ...BLANK }
  // Required fields that match none of the queries: a phone of its own, a custom ministry.
  const own = {
    phone_primary: `+251 93 000 ${String(Object.keys(people).length).padStart(4, '0')}`,
    current_ministries: '["Ushers"]',
    children_info: '[]',
    spiritual_gifts: '[]',
  }
  const form = multipart({ ...base, ...own, ...overrides }, [], auth)
  const res = await ctx.app.inject({ method: 'POST', url: '/api/members', ...form })
  expect(res.json()).toMatchObject({ id: expect.any(Number) })
  return res.json<Member>()
}

async function found(q: string): Promise<string[]> {
  const res = await ctx.app.inject({
    url: `/api/members/search?${new URLSearchParams({ q }).toString()}`,
    headers: auth,
  })
  expect(res.statusCode).toBe(200)
  const page = res.json<{ items: Member[]; total: number }>()
  expect(page.total).toBe(page.items.length)
  const names = Object.entries(people)
  return page.items.map((item) => names.find(([, m]) => m.id === item.id)?.[0] ?? String(item.id))
}

beforeAll(async () => {
  auth = (await createUserAndSignIn(ctx, 'scripts')).auth
  people.abebeGeez = await createOk({ first_name: 'አበበ', middle_name: 'ከበደ', last_name: 'ጉታ' })
  people.caaltuu = await createOk({
    first_name: 'Caaltuu',
    middle_name: 'Lammii',
    last_name: 'Guutaa',
  })
  people.chaltu = await createOk({ first_name: 'Chaltu', middle_name: 'Biru', last_name: 'Guta' })
  people.gebremichael = await createOk({
    first_name: 'ዳዊት',
    middle_name: 'ገብረ ሚካኤል',
    last_name: 'ወልዴ',
    phone_primary: '+251 91 123 4567',
  })
  people.choir = await createOk({
    first_name: 'Almaz',
    middle_name: 'Tadesse',
    last_name: 'Worku',
    current_ministries: '["choir"]',
    membership_status: 'visitor',
  })
})

describe('member search across scripts (issue 26)', () => {
  it('a Latin query finds a Ge’ez name and a Ge’ez query Latin ones', async () => {
    expect(await found('abebe')).toEqual(['abebeGeez'])
    expect((await found('ጫልቱ')).sort()).toEqual(['caaltuu', 'chaltu'])
    expect((await found('Chaltu')).sort()).toEqual(['caaltuu', 'chaltu'])
  })

  it('compound names match with and without the space and abbreviated', async () => {
    for (const q of ['ገ/ሚካኤል', 'ገብረሚካኤል', 'Gebremichael', 'G/Mikael']) {
      expect(await found(q)).toEqual(['gebremichael'])
    }
  })

  it.each(['0911234567', '911234567', '+251 91 123 4567', '251911234567'])(
    'the phone number %s finds its member',
    async (q) => {
      expect(await found(q)).toEqual(['gebremichael'])
    },
  )

  it('enum and list values are found by their Amharic and Oromo labels', async () => {
    expect(await found('መዘምራን')).toEqual(['choir'])
    expect(await found('faarfattoota')).toEqual(['choir'])
    expect(await found('እንግዳ')).toEqual(['choir'])
  })

  it('does not find a different person', async () => {
    expect(await found('Tesfaye')).toEqual([])
    expect(await found('ዓለሙ')).toEqual([])
  })

  it('display never changes: the member keeps the spelling it was given', async () => {
    const res = await ctx.app.inject({ url: `/api/members/${people.caaltuu.id}`, headers: auth })
    expect(res.json<Member>().first_name).toBe('Caaltuu')
  })

  it('rebuilds stored search text written by an older version', async () => {
    const { db } = ctx.database
    await sql`update members set search_text = 'stale', search_text_version = 1`.execute(db)
    expect(await found('abebe')).toEqual([])
    expect(await rebuildStaleSearchText(db, 2)).toBe(Object.keys(people).length)
    expect(await found('abebe')).toEqual(['abebeGeez'])
    expect((await found('ጫልቱ')).sort()).toEqual(['caaltuu', 'chaltu'])
    expect(await rebuildStaleSearchText(db)).toBe(0)
  })
})
