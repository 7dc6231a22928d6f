export { type Account, ROLE_LABEL, useAccountsQuery } from './accountsApi'
