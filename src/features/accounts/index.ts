export { type Account, ROLE_LABEL, useAccountsQuery } from './accountsApi'
export { DateTime, localParts, useDateTimeText } from './DateTime'
