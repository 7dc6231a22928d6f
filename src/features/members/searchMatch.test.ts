import { listedMember } from '../../testing/storedMember'
import type { MemberListItem } from './membersApi'
import { searchMatchOf } from './searchMatch'

const abebe = listedMember({
  phone_primary: '+251 911 234 567',
  email: 'Abebe.K@Example.org',
  membership_status: 'visitor',
})

// member, query, then the field that matched, its shown value, and where the mark starts and ends
type Marked = [MemberListItem, string, string, string, number, number]

function expectMarked(cases: Marked[]) {
  for (const [member, query, field, value, start, end] of cases) {
    expect(searchMatchOf(member, query)).toEqual({ field, value, start, end })
  }
}

describe('which field a search matched (issue 28)', () => {
  it('says nothing without a query or when the shown name matches, in any script', () => {
    expect(searchMatchOf(abebe, '  ')).toBeNull()
    expect(searchMatchOf(abebe, 'kebede')).toBeNull()
    expect(searchMatchOf(abebe, 'Abebe Tesfaye')).toBeNull()
    expect(searchMatchOf(abebe, 'አበበ')).toBeNull()
  })

  it('points at the digits of the phone however the number was typed', () => {
    expectMarked([
      [abebe, '0911234567', 'phone_primary', '+251 911 234 567', 5, 16],
      [abebe, '234', 'phone_primary', '+251 911 234 567', 9, 12],
    ])
  })

  it('points at the part of the email, whatever its case', () => {
    expectMarked([[abebe, 'EXAMPLE', 'email', 'Abebe.K@Example.org', 8, 15]])
  })

  it("names a parent's or emergency contact's name that matched, with the matched part", () => {
    const withFamily: MemberListItem = {
      ...abebe,
      parent_guardian: 'Kebede Tesfaye',
      emergency_contact_name: 'አልማዝ ሰለሞን',
      spouse_name: 'Tigist Alemu',
    }
    const withHaile: MemberListItem = { ...withFamily, parent_guardian: 'Haile Gebre' }
    // "Kebede" is part of the shown name: no note, as before.
    expect(searchMatchOf(withFamily, 'kebede')).toBeNull()
    expect(searchMatchOf(withFamily, 'TESFA')).toBeNull()
    expectMarked([
      [withHaile, 'gebre', 'parent_guardian', 'Haile Gebre', 6, 11],
      [withFamily, 'ሰለሞን', 'emergency_contact_name', 'አልማዝ ሰለሞን', 5, 9],
    ])
    // Letters that sound the same (ሰ and ሠ) are one to search: the same place is marked.
    expect(searchMatchOf(withFamily, 'ሠለሞን')).toMatchObject({ start: 5, end: 9 })
    // Found by sound across scripts: the whole name is marked.
    expectMarked([
      [withFamily, 'Almaz', 'emergency_contact_name', 'አልማዝ ሰለሞን', 0, 9],
      [withFamily, 'tigist', 'spouse_name', 'Tigist Alemu', 0, 6],
    ])
  })

  it('tells of another field when nothing shown matches, unless the row shows it', () => {
    expect(searchMatchOf(abebe, 'Almaz')).toEqual({ field: 'other' })
    expect(searchMatchOf(abebe, 'visitor', ['Visitor'])).toBeNull()
    expect(searchMatchOf({ ...abebe, phone_primary: null, email: null }, '0911')).toEqual({
      field: 'other',
    })
  })
})
