export { useAccountsQuery } from './accountsApi'
