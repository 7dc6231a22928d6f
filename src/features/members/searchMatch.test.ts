import { listedMember } from '../../testing/storedMember'
import type { MemberListItem } from './membersApi'
import { searchMatchOf } from './searchMatch'

const abebe = listedMember({
  phone_primary: '+251 911 234 567',
  email: 'Abebe.K@Example.org',
  membership_status: 'visitor',
})

describe('which field a search matched (issue 28)', () => {
  it('says nothing without a query or when the shown name matches, in any script', () => {
    expect(searchMatchOf(abebe, '  ')).toBeNull()
    expect(searchMatchOf(abebe, 'kebede')).toBeNull()
    expect(searchMatchOf(abebe, 'Abebe Tesfaye')).toBeNull()
    expect(searchMatchOf(abebe, 'አበበ')).toBeNull()
  })

  it('points at the digits of the phone however the number was typed', () => {
    expect(searchMatchOf(abebe, '0911234567')).toEqual({
      field: 'phone_primary',
      value: '+251 911 234 567',
      start: 5,
      end: 16,
    })
    expect(searchMatchOf(abebe, '234')).toEqual({
      field: 'phone_primary',
      value: '+251 911 234 567',
      start: 9,
      end: 12,
    })
  })

  it('points at the part of the email, whatever its case', () => {
    expect(searchMatchOf(abebe, 'EXAMPLE')).toEqual({
      field: 'email',
      value: 'Abebe.K@Example.org',
      start: 8,
      end: 15,
    })
  })

  it("names a parent's or emergency contact's name that matched, with the matched part", () => {
    const withFamily: MemberListItem = {
      ...abebe,
      parent_guardian: 'Kebede Tesfaye',
      emergency_contact_name: 'አልማዝ ሰለሞን',
      spouse_name: 'Tigist Alemu',
    }
    // "Kebede" is part of the shown name: no note, as before.
    expect(searchMatchOf(withFamily, 'kebede')).toBeNull()
    expect(searchMatchOf(withFamily, 'TESFA')).toBeNull()
    expect(searchMatchOf({ ...withFamily, parent_guardian: 'Haile Gebre' }, 'gebre')).toEqual({
      field: 'parent_guardian',
      value: 'Haile Gebre',
      start: 6,
      end: 11,
    })
    expect(searchMatchOf(withFamily, 'ሰለሞን')).toEqual({
      field: 'emergency_contact_name',
      value: 'አልማዝ ሰለሞን',
      start: 5,
      end: 9,
    })
    // Letters that sound the same (ሰ and ሠ) are one to search: the same place is marked.
    expect(searchMatchOf(withFamily, 'ሠለሞን')).toMatchObject({ start: 5, end: 9 })
    // Found by sound across scripts: the whole name is marked.
    expect(searchMatchOf(withFamily, 'Almaz')).toEqual({
      field: 'emergency_contact_name',
      value: 'አልማዝ ሰለሞን',
      start: 0,
      end: 9,
    })
    expect(searchMatchOf(withFamily, 'tigist')).toEqual({
      field: 'spouse_name',
      value: 'Tigist Alemu',
      start: 0,
      end: 6,
    })
  })

  it('tells of another field when nothing shown matches, unless the row shows it', () => {
    expect(searchMatchOf(abebe, 'Almaz')).toEqual({ field: 'other' })
    expect(searchMatchOf(abebe, 'visitor', ['Visitor'])).toBeNull()
    expect(searchMatchOf({ ...abebe, phone_primary: null, email: null }, '0911')).toEqual({
      field: 'other',
    })
  })
})
