export { MemberHistory } from './MemberHistory'
