export {
  default as authSlice,
  selectCurrentUser,
  selectIsSignedIn,
  selectHasSession,
  selectIsOfflineSession,
  selectAuthStatus,
  passwordChanged,
} from './authSlice'
export type { AuthUser, AuthState } from './authSlice'
export {
  RequireAuth,
  RequireRole,
  RedirectIfSignedIn,
  CHANGE_PASSWORD_PATH,
  landingPath,
} from './RequireAuth'
export { useLoginMutation } from './authApi'

/** Whether the signed-in account may change members (auditors read only). */
export { useCanChangeMember, useCanWrite, useRole } from './useRole'
export { OfflineSessionBar } from './OfflineSessionBar'
export { forgetTemporaryPassword, heldTemporaryPassword } from './temporaryPassword'
