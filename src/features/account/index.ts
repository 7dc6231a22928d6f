export { signOut } from './signOut'
export { useChangePasswordMutation } from './accountApi'
