export { MemberDues } from './MemberDues'
export { HouseholdDues } from './HouseholdDues'
