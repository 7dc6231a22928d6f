import { emptyMemberInput, type Member } from '../domain'
import type { MemberListItem } from '../features/members/membersApi'

/** Member 7, Abebe Kebede Tesfaye, as GET /api/members/7 answers it; tests add what they need. */
export function storedMember(fields: Partial<Member> = {}): Member {
  return {
    ...emptyMemberInput(),
    id: 7,
    first_name: 'Abebe',
    middle_name: 'Kebede',
    last_name: 'Tesfaye',
    photo_path: null,
    thumbnail_path: null,
    registerd_by: 'admin',
    transfer_date: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    household_id: null,
    household_role: null,
    ...fields,
  }
}

/** Member 7 as a row of GET /api/members lists it; tests add what they need. */
export function listedMember(fields: Partial<MemberListItem> = {}): MemberListItem {
  return {
    id: 7,
    first_name: 'Abebe',
    middle_name: 'Kebede',
    last_name: 'Tesfaye',
    gender: 'male',
    phone_primary: '+251911000000',
    email: 'abebe@example.org',
    membership_status: 'member',
    transfer_date: null,
    photo_path: null,
    thumbnail_path: null,
    ...fields,
  }
}
