export { MemberDues } from './MemberDues'
