export {
  selectCurrentUser,
  selectIsOfflineSession,
  selectIsSignedIn,
  passwordChanged,
} from './authSlice'
export type { AuthUser } from './authSlice'
export { RequireAuth, RequireRole, RedirectIfSignedIn, landingPath } from './RequireAuth'

/** Whether the signed-in account may change members (auditors read only). */
export { useCanChangeMember, useCanWrite, useRole } from './useRole'
export { OfflineSessionBar } from './OfflineSessionBar'
export { forgetTemporaryPassword, heldTemporaryPassword } from './temporaryPassword'
