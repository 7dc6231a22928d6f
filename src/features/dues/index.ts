export { MemberDues } from './MemberDues'
export { HouseholdDues } from './HouseholdDues'
export { usePaymentsQuery } from './duesApi'
