import type { MemberListItem } from './membersApi'
import { searchMatchOf } from './searchMatch'

const abebe: MemberListItem = {
  id: 7,
  first_name: 'Abebe',
  middle_name: 'Kebede',
  last_name: 'Tesfaye',
  gender: 'male',
  phone_primary: '+251 911 234 567',
  email: 'Abebe.K@Example.org',
  membership_status: 'visitor',
  transfer_date: null,
  photo_path: null,
  thumbnail_path: null,
}

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

  it('tells of another field when nothing shown matches, unless the row shows it', () => {
    expect(searchMatchOf(abebe, 'Almaz')).toEqual({ field: 'other' })
    expect(searchMatchOf(abebe, 'visitor', ['Visitor'])).toBeNull()
    expect(searchMatchOf({ ...abebe, phone_primary: null, email: null }, '0911')).toEqual({
      field: 'other',
    })
  })
})
