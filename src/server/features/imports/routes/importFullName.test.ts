// A register whose names are in one column (ሙሉ ስም, Full Name), imported end to end.
import type { ImportPreview, Member } from '../../../../domain'
import { csvOf, importerApp } from '../../../testing/importCalls'
import { memberCalls } from '../../../testing/memberCalls'

const { ctx, owner, calls } = importerApp()
const members = memberCalls(() => ctx.app)

async function upload(rows: string[][]): Promise<ImportPreview> {
  const res = await calls.upload(owner.auth, csvOf(rows), 'register.csv', {}, 'text/csv')
  if (res.statusCode !== 200) throw new Error(`upload: HTTP ${res.statusCode} ${res.body}`)
  return res.json<ImportPreview>()
}

async function stored(): Promise<Member[]> {
  const res = await ctx.app.inject({ url: '/api/members', headers: owner.auth })
  return res.json<Member[]>()
}

const names = (list: readonly Partial<Member>[]) =>
  list.map((m) => [m.first_name, m.middle_name, m.last_name])

describe('POST /api/imports: one full-name column', () => {
  it('splits ሙሉ ስም into the three names, refuses a one-word name and reports it', async () => {
    const p = await upload([
      ['ሙሉ ስም', 'ስልክ', 'ጾታ'],
      ['አበበ ከበደ ተስፋዬ', '0911 234 567', 'ወንድ'],
      ['ሰላም፡ታደሰ፡በቀለ', '0922 345 678', 'ሴት'],
      ['ሐና ገብረ ሥላሴ ተስፋዬ', '0933 456 789', 'ሴት'],
      ['ዮናስ', '0944 567 890', 'ወንድ'],
      ['ማርታ ዳዊት', '0955 678 901', 'ሴት'],
    ])
    expect(p.mapping).toEqual({ 'ሙሉ ስም': 'full_name', ስልክ: 'phone_primary', ጾታ: 'gender' })
    expect(names(p.preview)).toEqual([
      ['አበበ', 'ከበደ', 'ተስፋዬ'],
      ['ሰላም', 'ታደሰ', 'በቀለ'],
      ['ሐና', 'ገብረ ሥላሴ', 'ተስፋዬ'],
      ['ዮናስ', null, null],
      ['ማርታ', 'ዳዊት', null],
    ])
    expect(p.errors).toEqual([
      { row: 5, field: 'middle_name', message: 'fieldRequired', value: 'ዮናስ' },
    ])

    const commit = await calls.commit(owner.auth, p.id, { on_duplicate: 'skip' })
    expect(commit.json()).toEqual({ created: 4, updated: 0, skipped: 0, refused: 1 })
    const saved = (await stored()).sort((a, b) => a.id - b.id)
    expect(names(saved)).toEqual([
      ['አበበ', 'ከበደ', 'ተስፋዬ'],
      ['ሰላም', 'ታደሰ', 'በቀለ'],
      ['ሐና', 'ገብረ ሥላሴ', 'ተስፋዬ'],
      ['ማርታ', 'ዳዊት', ''],
    ])
    expect(saved.map((m) => m.gender)).toEqual(['male', 'female', 'female', 'female'])

    // The refused row comes back as the file wrote it, with the father's name as its reason.
    const report = await ctx.app.inject({
      url: `/api/imports/${p.id}/report?format=csv&lang=en`,
      headers: owner.auth,
    })
    expect(report.statusCode).toBe(200)
    const lines = report.body.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[1]).toMatch(/^ዮናስ,0944 567 890,ወንድ,"?Father's name: This field is required/)
  })

  it('leaves a title out of the names and keeps the name as written in the notes', async () => {
    const p = await upload([
      ['ሙሉ ስም', 'ስልክ'],
      ['ወ/ሮ አልማዝ በቀለ ተስፋዬ', '0911 234 567'],
      ['አቶ ቶላ ገመቹ', '0922 345 678'],
    ])
    expect(p.errors).toEqual([])
    expect(names(p.preview)).toEqual([
      ['አልማዝ', 'በቀለ', 'ተስፋዬ'],
      ['ቶላ', 'ገመቹ', null],
    ])
    await calls.commit(owner.auth, p.id, { on_duplicate: 'skip' })
    const saved = (await stored()).sort((a, b) => a.id - b.id)
    expect(saved.map((m) => m.notes)).toEqual(['ሙሉ ስም: ወ/ሮ አልማዝ በቀለ ተስፋዬ', 'ሙሉ ስም: አቶ ቶላ ገመቹ'])
  })

  it('finds a Full Name row’s double by its split name and updates the stored member', async () => {
    const existing = await members.create(owner.auth, {
      first_name: 'Abebe',
      middle_name: 'Kebede',
      last_name: 'Tesfaye',
      phone_primary: '0911 234 567',
      city: 'Bishoftu',
    })
    const rows = [
      ['Full Name', 'Phone', 'City'],
      ['Abebe Kebede Tesfaye', '0911 234 567', 'Adama'],
      ['Hana Gebre Selassie Tesfaye', '0922 345 678', 'Hawassa'],
      ['Hana Gebre Selassie Tesfaye', '0922 345 678', ''],
    ]
    const p = await upload(rows)
    expect(p.mapping).toEqual({ 'Full Name': 'full_name', Phone: 'phone_primary', City: 'city' })
    expect(p.errors).toEqual([])
    expect(p.duplicates).toEqual([
      { row: 2, member_id: existing.id, other_row: null, reason: 'same_name_and_phone' },
      { row: 4, member_id: null, other_row: 3, reason: 'same_name_and_phone' },
    ])
    expect(p.changes).toEqual([
      { row: 2, member_id: existing.id, field: 'city', old: 'Bishoftu', new: 'Adama' },
    ])

    // The mapping the client remembers for these headers is taken back as sent.
    const again = await calls.preview(owner.auth, p.id, {
      mapping: { 'Full Name': 'full_name', Phone: 'phone_primary', City: 'city' },
    })
    expect(again.statusCode).toBe(200)
    expect(again.json<ImportPreview>().duplicates).toEqual(p.duplicates)
    // Like any target, the full name fills one column only.
    const twice = await calls.preview(owner.auth, p.id, {
      mapping: { 'Full Name': 'full_name', City: 'full_name' },
    })
    expect(twice.statusCode).toBe(400)

    const commit = await calls.commit(owner.auth, p.id, { on_duplicate: 'update' })
    expect(commit.json()).toEqual({ created: 1, updated: 2, skipped: 0, refused: 0 })
    const saved = (await stored()).sort((a, b) => a.id - b.id)
    expect(saved.map((m) => [m.first_name, m.middle_name, m.last_name, m.city])).toEqual([
      ['Abebe', 'Kebede', 'Tesfaye', 'Adama'],
      ['Hana', 'Gebre Selassie', 'Tesfaye', 'Hawassa'],
    ])
    expect(saved[0].id).toBe(existing.id)
    expect(saved[0].phone_primary).toBe('0911 234 567')
  })

  it('reads Name beside a father’s-name column as the given name', async () => {
    const p = await upload([
      ['Name', "Father's name"],
      ['Abebe Kebede', 'Tesfaye'],
    ])
    expect(p.mapping).toEqual({ Name: 'first_name', "Father's name": 'middle_name' })
    expect(names(p.preview)).toEqual([['Abebe Kebede', 'Tesfaye', undefined]])
  })
})
