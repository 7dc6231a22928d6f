// The members feature's public surface: what app.ts, cli/ and other features may use.
export { findMemberOwner, memberIdsOf } from './repository/access'
export {
  countAllMembers,
  countOwnedMembers,
  deleteOwnerCounts,
  memberCountsByOwner,
} from './repository/counts'
export {
  findMember,
  findMemberInputs,
  loadMemberInputForUpdate,
  saveMember,
  transferMembersOf,
} from './repository/members'
export {
  inputToColumns,
  LIST_ITEM_COLUMNS,
  MEMBER_COLUMNS,
  type MemberListItem,
  rowToInput,
  rowToListItem,
  SEARCH_NAME_COLUMNS,
  type SearchNameColumns,
} from './repository/rows'
export { memberRecord } from './schemas'
