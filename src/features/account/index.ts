export { signOut } from './signOut'

export { accountApi } from './accountApi'
