import type { Member } from '../../../../domain'
import { testAppPerFile } from '../../../testing/testApp'
import { memberCalls } from '../../../testing/memberCalls'
import { multipart, registrationFields } from '../../../testing/memberForms'

type Auth = { authorization: string }

const {
  ctx,
  users: { alice, bob },
} = testAppPerFile({ alice: 'alice', bob: 'bob' })

const calls = memberCalls(() => ctx.app)

async function create(auth: Auth, overrides: Record<string, string> = {}) {
  const form = multipart(registrationFields(overrides), [], auth)
  return ctx.app.inject({ method: 'POST', url: '/api/members', ...form })
}

async function createOk(auth: Auth, overrides: Record<string, string> = {}): Promise<Member> {
  const res = await create(auth, overrides)
  expect(res.statusCode).toBe(201)
  return res.json<Member>()
}

function put(auth: Auth, id: number, fields: Record<string, string>) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/members/${id}`,
    ...multipart(fields, [], auth),
  })
}

describe('member round trip', () => {
  it('creates, reads, lists, updates and deletes a member with every kind of field', async () => {
    const created = await createOk(alice.auth)
    expect(created).toMatchObject({
      first_name: 'Abebe',
      middle_name: 'Kebede',
      gender: 'male',
      marital_status: 'married',
      date_of_birth: '1990-05-04',
      job: 'Engineer, Beekeeper',
      children_info: ['Dawit', 'Sara'],
      spiritual_gifts: ['teacher', 'Intercession'],
      current_ministries: ['choir', 'sundaySchool'],
      service_interests: ['Ushering', 'Bible study'],
      medical_conditions: ['Asthma'],
      professional_skills: ['Carpentry', 'Accounting'],
      bible_study_participation: true,
      receive_email_notifications: false,
      receive_sms_notifications: true,
      highest_education: 'degree',
      preferred_contact_method: 'sms',
      membership_status: 'member',
      volunteer_availability: 'weekends',
      registerd_by: 'alice',
      transfer_date: null,
      photo_path: null,
      thumbnail_path: null,
    })
    expect(created).not.toHaveProperty('owner_user_id')
    expect(created).not.toHaveProperty('search_text')
    expect(created).not.toHaveProperty('selectedJobs')

    const read = await ctx.app.inject({ url: `/api/members/${created.id}`, headers: alice.auth })
    expect(read.statusCode).toBe(200)
    expect(read.json()).toEqual(created)

    const list = await ctx.app.inject({ url: '/api/members?_cb=123', headers: alice.auth })
    expect(list.statusCode).toBe(200)
    expect(list.headers['cache-control']).toBe('no-store')
    expect(list.json<Member[]>().find((m) => m.id === created.id)).toEqual(created)

    // PUT as the edit screen sends it: present parts replace, '' clears, absent stay.
    const updated = await put(alice.auth, created.id, {
      first_name: 'Abebech',
      email: '',
      allergies: '',
      spiritual_gifts: '["Healing"]',
      bible_study_participation: 'false',
      registerd_by: 'mallory',
      transfer_date: '2020-01-01',
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json()).toMatchObject({
      first_name: 'Abebech',
      last_name: 'Tesfaye',
      email: null,
      allergies: [],
      spiritual_gifts: ['healing'],
      bible_study_participation: false,
      registerd_by: 'alice',
      transfer_date: null,
      city: 'Addis Ababa',
    })

    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/members/${created.id}`,
      headers: alice.auth,
    })
    expect(gone.statusCode).toBe(204)
    expect(gone.body).toBe('')
    const after = await ctx.app.inject({ url: `/api/members/${created.id}`, headers: alice.auth })
    expect(after.statusCode).toBe(404)
    expect(after.json()).toEqual({ success: false, message: 'Member not found' })
  })

  it('accepts a JSON body too, with real arrays and booleans', async () => {
    const fields = registrationFields()
    const body = {
      ...fields,
      current_ministries: ['Youth Ministry'],
      children_info: [],
      bible_study_participation: true,
    }
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/members',
      payload: body,
      headers: alice.auth,
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ current_ministries: ['youthMinistry'], children_info: [] })
  })

  it("answers every column of the member's row but the search index's own", async () => {
    const created = await createOk(alice.auth)
    const row = await ctx.database.db
      .selectFrom('members')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow()
    const answered = (
      await ctx.app.inject({ url: `/api/members/${created.id}`, headers: alice.auth })
    ).json<Record<string, unknown>>()
    // The owner's id is for admins and auditors only (issue 25).
    const internal = ['search_text', 'search_text_version', 'owner_user_id']
    const columns = Object.keys(row).filter((column) => !internal.includes(column))
    expect(columns.filter((column) => !(column in answered))).toEqual([])
    expect(columns.length).toBeGreaterThan(40)
  })

  it('requires a token on every member call', async () => {
    for (const [method, url] of [
      ['GET', '/api/members'],
      ['GET', '/api/members/search'],
      ['GET', '/api/members/1'],
      ['POST', '/api/members'],
      ['PUT', '/api/members/1'],
      ['DELETE', '/api/members/1'],
      ['POST', '/api/members/transfer/1'],
    ] as const) {
      const res = await ctx.app.inject({ method, url })
      expect(res.statusCode).toBe(401)
    }
  })

  it('answers 404 for ids that name no member', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1e3']) {
      const res = await ctx.app.inject({ url: `/api/members/${id}`, headers: alice.auth })
      expect(res.statusCode).toBe(404)
    }
  })
})

describe('validation', () => {
  const requiredOnCreate = [
    'first_name',
    'middle_name',
    'gender',
    'date_of_birth',
    'marital_status',
    'phone_primary',
    'street_address',
    'city',
    'state',
    'membership_status',
    'current_ministries',
    'highest_education',
    'preferred_contact_method',
  ]

  it.each(requiredOnCreate)('refuses a create without %s (fieldRequired)', async (field) => {
    const res = await create(alice.auth, { [field]: field === 'current_ministries' ? '[]' : '  ' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      success: false,
      message: 'Validation failed',
      errors: { [field]: 'fieldRequired' },
    })
  })

  it.each([
    ['email', 'not-an-email', 'invalidEmail'],
    ['date_of_birth', '1990-02-31', 'invalidDate'],
    ['date_of_birth', '05/04/1990', 'invalidDate'],
    ['baptism_date', '1899-12-31', 'dateOutOfRange'],
    ['gender', 'robot', 'invalidValue'],
    ['membership_status', 'king', 'invalidValue'],
    ['current_ministries', '["ok", 3]', 'invalidValue'],
    ['current_ministries', '[not json', 'invalidValue'],
    ['bible_study_participation', 'maybe', 'invalidValue'],
    ['first_name', 'x'.repeat(101), 'tooLong'],
    ['phone_primary', 'abc', 'invalidPhone'],
    ['phone_primary', '0911', 'invalidPhone'],
    ['phone_secondary', '+251 911 23', 'invalidPhone'],
  ])('refuses %s = %j with %s and stores nothing', async (field, value, messageId) => {
    const before = (await ctx.app.inject({ url: '/api/members', headers: alice.auth })).json<
      Member[]
    >()
    const res = await create(alice.auth, { [field]: value })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({ [field]: messageId })
    const after = (await ctx.app.inject({ url: '/api/members', headers: alice.auth })).json<
      Member[]
    >()
    expect(after.length).toBe(before.length)
  })

  it('accepts labels and keys of enums in any case, and a comma list', async () => {
    const member = await createOk(alice.auth, {
      gender: 'FEMALE',
      highest_education: 'phd',
      preferred_contact_method: 'call',
      membership_status: 'Regular Attendee',
      current_ministries: 'Choir, Media , ,Media',
    })
    expect(member).toMatchObject({
      gender: 'female',
      highest_education: 'phd',
      preferred_contact_method: 'call',
      membership_status: 'regularAttendee',
      current_ministries: ['choir', 'media'],
    })
  })

  it('refuses a bad update and leaves the member exactly as it was', async () => {
    const member = await createOk(alice.auth)
    const badUpdates: Record<string, string>[] = [
      { first_name: '' },
      { middle_name: '   ' },
      { email: 'nope', city: 'Adama' },
      { date_joined: '2023-13-01' },
      { spiritual_gifts: '[1, 2]' },
    ]
    for (const fields of badUpdates) {
      const res = await put(alice.auth, member.id, fields)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('Validation failed')
    }
    const read = await ctx.app.inject({ url: `/api/members/${member.id}`, headers: alice.auth })
    expect(read.json()).toEqual(member)
  })
})

describe('phone numbers (issue 42)', () => {
  it('stores Ethiopian numbers in each common form as typed', async () => {
    const member = await createOk(alice.auth, {
      phone_primary: '0911 23 45 67',
      phone_secondary: '251911234567',
      emergency_contact_phone: '+251 (911) 23-45-67',
    })
    expect(member).toMatchObject({
      phone_primary: '0911 23 45 67',
      phone_secondary: '251911234567',
      emergency_contact_phone: '+251 (911) 23-45-67',
    })
  })

  it('saves an edit of an old record whose stored phone breaks the rule, and leaves it as is', async () => {
    const member = await createOk(alice.auth)
    // Stored before the rule: only the database can hold it now.
    await ctx.database.db
      .updateTable('members')
      .set({ phone_primary: 'ask at the office' })
      .where('id', '=', member.id)
      .execute()
    const res = await put(alice.auth, member.id, { city: 'Adama' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ city: 'Adama', phone_primary: 'ask at the office' })
    // The whole record sent back unchanged (the edit screen's way) saves too.
    const again = await put(alice.auth, member.id, {
      phone_primary: 'ask at the office',
      city: 'Bishoftu',
    })
    expect(again.statusCode).toBe(200)
    // A new bad value is refused.
    const changed = await put(alice.auth, member.id, { phone_primary: 'ask the choir' })
    expect(changed.statusCode).toBe(400)
    expect(changed.json().errors).toEqual({ phone_primary: 'invalidPhone' })
  })
})

describe('Ethiopian names, addresses and church fields (issue 26)', () => {
  const ethiopian = {
    latin_name: 'Abebe Kebede Tesfaye',
    sub_city: 'ቦሌ',
    woreda: '03',
    kebele: '12',
    house_number: '1234',
    christian_name: 'ገብረ ማርያም',
    confession_father: 'አባ ገብረ ሥላሴ',
    parish: 'ቦሌ መድኃኔ ዓለም',
  }

  it('stores and returns every new field', async () => {
    const member = await createOk(alice.auth, ethiopian)
    expect(member).toMatchObject({ ...ethiopian, first_name: 'Abebe', last_name: 'Tesfaye' })
    const read = await ctx.app.inject({ url: `/api/members/${member.id}`, headers: alice.auth })
    expect(read.json()).toMatchObject(ethiopian)
  })

  it('a create needs the grandfather’s name, as the wizard does (spec 5.2)', async () => {
    const res = await create(alice.auth, { ...ethiopian, last_name: ' ' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({ last_name: 'fieldRequired' })
  })

  it('returns the new fields as null when a create leaves them out', async () => {
    const member = await createOk(alice.auth)
    for (const field of Object.keys(ethiopian)) expect(member).toHaveProperty(field, null)
  })

  it('updates and clears them with PUT; the father’s name cannot be cleared', async () => {
    const member = await createOk(alice.auth, ethiopian)
    const changed = await put(alice.auth, member.id, { kebele: '07', parish: '', last_name: '' })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ kebele: '07', parish: null, last_name: '' })
    expect(changed.json().woreda).toBe('03')
    const refused = await put(alice.auth, member.id, { middle_name: '' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors).toEqual({ middle_name: 'fieldRequired' })
  })

  it('finds a member by the new fields, the Latin name across scripts', async () => {
    const member = await createOk(alice.auth, {
      ...ethiopian,
      first_name: 'ዘርይሁን',
      middle_name: 'ወርቅነህ',
      last_name: 'ተሰማ',
      latin_name: 'Zeryihun Workneh',
      christian_name: 'ወልደ ሚካኤል',
      kebele: 'Kebele 19',
    })
    for (const q of ['Zeryihun', 'ወልደ ሚካኤል', 'welde mikael', 'kebele 19']) {
      const res = await ctx.app.inject({
        url: `/api/members/search?q=${encodeURIComponent(q)}`,
        headers: alice.auth,
      })
      const ids = (res.json() as { items: { id: number }[] }).items.map((item) => item.id)
      expect({ q, found: ids.includes(member.id) }).toEqual({ q, found: true })
    }
  })
})

describe('the id of the earlier system (issue 45)', () => {
  it('is unique per account when given, shown and searchable', async () => {
    const first = await createOk(alice.auth, { external_id: 'CRM-4711' })
    expect(first.external_id).toBe('CRM-4711')
    const taken = await create(alice.auth, { first_name: 'Other', external_id: 'CRM-4711' })
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject({ errors: { external_id: 'externalIdTaken' } })
    // Another account keeps its own numbering.
    expect((await create(bob.auth, { external_id: 'CRM-4711' })).statusCode).toBe(201)
    const second = await createOk(alice.auth, { first_name: 'Second' })
    expect(second.external_id).toBeNull()
    const clash = await put(alice.auth, second.id, { external_id: 'CRM-4711' })
    expect(clash.statusCode).toBe(409)
    // Saving the member that holds it, with or without a change elsewhere, is no clash.
    expect(
      (await put(alice.auth, first.id, { external_id: 'CRM-4711', kebele: '03' })).statusCode,
    ).toBe(200)
    const search = await ctx.app.inject({
      url: `/api/members/search?q=${encodeURIComponent('CRM-4711')}`,
      headers: alice.auth,
    })
    const ids = (search.json() as { items: { id: number }[] }).items.map((item) => item.id)
    expect(ids).toEqual([first.id])
  })

  it('is found by its exact value, a short number (ChurchCRM’s person id) included', async () => {
    await createOk(alice.auth, { first_name: 'Tigist', external_id: '17' })
    await createOk(alice.auth, { first_name: 'Hana', external_id: '170' })
    await createOk(alice.auth, { first_name: 'Marta', external_id: 'ab-9/2' })
    const found = async (q: string) => {
      const res = await ctx.app.inject({
        url: `/api/members/search?q=${encodeURIComponent(q)}`,
        headers: alice.auth,
      })
      expect(res.statusCode).toBe(200)
      return (res.json() as { items: { first_name: string }[] }).items.map((m) => m.first_name)
    }
    expect(await found('17')).toContain('Tigist')
    expect(await found('170')).toEqual(['Hana'])
    expect(await found('AB-9/2')).toEqual(['Marta'])
    // Another account's member with the same id stays out of sight.
    await createOk(bob.auth, { first_name: 'Bobs', external_id: '17' })
    expect(await found('17')).not.toContain('Bobs')
  })
})

describe('hostile text', () => {
  it.each([
    ["Robert'); DROP TABLE members;--", 'sql'],
    ['<script>alert(1)</script>', 'html'],
    ['ሀይለ ማርያም ገብረ ሥላሴ', "ge'ez"],
    ['Dawit 🙏🏾✝️ 👨‍👩‍👧', 'emoji'],
    ['%_\\\' " ` ${x} {{y}}', 'metacharacters'],
  ])('stores %j verbatim (%s)', async (text) => {
    const member = await createOk(alice.auth, { notes: text, spouse_name: text.slice(0, 100) })
    const read = await ctx.app.inject({ url: `/api/members/${member.id}`, headers: alice.auth })
    expect(read.json()).toMatchObject({ notes: text, spouse_name: text.slice(0, 100) })
  })

  it('refuses 10 KB in a short field with 400 and stores 5 KB notes verbatim', async () => {
    const res = await create(alice.auth, { city: 'ሀ'.repeat(10 * 1024) })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({ city: 'tooLong' })
    const long = 'ሰላም 🙂 '.repeat(700).trim().slice(0, 5000)
    const member = await createOk(alice.auth, { notes: long })
    expect(member.notes).toBe(long)
  })

  it('refuses a field beyond the 64 KB part limit with 413, never 500', async () => {
    const res = await create(alice.auth, { notes: 'a'.repeat(70 * 1024) })
    expect(res.statusCode).toBe(413)
    expect(res.json().success).toBe(false)
  })

  it('refuses more than 100 fields', async () => {
    const extra = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`extra${i}`, 'x']))
    const res = await create(alice.auth, extra)
    expect(res.statusCode).toBe(413)
  })
})

describe('ownership', () => {
  it("hides one account's member from another everywhere", async () => {
    const member = await createOk(alice.auth, { first_name: 'Secretname' })
    const url = `/api/members/${member.id}`
    expect((await ctx.app.inject({ url, headers: bob.auth })).statusCode).toBe(404)
    expect((await put(bob.auth, member.id, { first_name: 'Hacked' })).statusCode).toBe(404)
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: bob.auth })).statusCode).toBe(
      404,
    )
    expect((await calls.transfer(bob.auth, member.id, bob.id)).statusCode).toBe(404)
    const list = (await ctx.app.inject({ url: '/api/members', headers: bob.auth })).json<Member[]>()
    expect(list.some((m) => m.id === member.id)).toBe(false)
    const search = await ctx.app.inject({
      url: '/api/members/search?q=secretname',
      headers: bob.auth,
    })
    expect(search.json()).toMatchObject({ items: [], total: 0 })
    const read = await ctx.app.inject({ url, headers: alice.auth })
    expect(read.json()).toEqual(member)
  })
})
