export { signOut } from './signOut'
export { useChangePasswordMutation } from './accountApi'
export { accountApi } from './accountApi'
