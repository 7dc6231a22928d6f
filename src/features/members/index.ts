// The members feature's public face: other features import from here only.
export * from './membersApi'
export { createMemberFormData, type MemberSubmission } from './memberFormData'
export { memberListUrl } from './listUrl'
