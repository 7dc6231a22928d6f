// The church profile (issue 46): one record on the server that every printed paper reads.
export { type ChurchProfile, useChurchQuery } from './churchApi'
export { useChurchLogo } from './useChurchLogo'
