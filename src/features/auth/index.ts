export {
  default as authSlice,
  selectCurrentUser,
  selectIsSignedIn,
  selectAuthStatus,
} from './authSlice'
export type { AuthUser, AuthState } from './authSlice'
export { RequireAuth, RedirectIfSignedIn } from './RequireAuth'
export { useLoginMutation } from './authApi'
