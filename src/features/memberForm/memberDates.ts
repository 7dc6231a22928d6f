// The date formatter lives in src/domain (client, server and exports share it); the member
// form re-exports it under the names its screens already use.
export { ethiopianMonthName, formatDate as formatMemberDate } from '../../domain'
