import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { TOKEN_KEY } from '../../app/api'
import { useAppSelector } from '../../app/hooks'
import { canWrite, type Role } from '../../domain'
import { selectCurrentUser, selectHasSession, selectIsOfflineSession } from './authSlice'

export const CHANGE_PASSWORD_PATH = '/account/password'

/**
 * Where sign-in lands (spec 2.3): the registration form. An auditor registers no one, so lands
 * on the member list; Home is one click away in the top bar for everyone.
 */
export const landingPath = (role: Role | undefined) =>
  role && !canWrite(role) ? '/members' : '/registration'

/**
 * Spec 2.1: a protected route needs a token on the device; without one, go to /login. An
 * offline session (issue 42) has none: the device's verifier let it in, and it sends nothing.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useAppSelector(selectHasSession)
  const offline = useAppSelector(selectIsOfflineSession)
  const user = useAppSelector(selectCurrentUser)
  const location = useLocation()
  if (!signedIn || (!offline && !localStorage.getItem(TOKEN_KEY))) {
    return <Navigate to="/login" replace state={{ from: location.pathname }} />
  }
  // A temporary password is replaced before anything else (the server refuses the rest).
  if (user?.mustChangePassword && location.pathname !== CHANGE_PASSWORD_PATH) {
    return <Navigate to={CHANGE_PASSWORD_PATH} replace />
  }
  return children
}

/** Spec 2.1: /login with a stored token goes straight to /registration (see landingPath). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const signedIn = useAppSelector(selectHasSession)
  const offline = useAppSelector(selectIsOfflineSession)
  const role = useAppSelector(selectCurrentUser)?.role
  if (offline) return <Navigate to="/registration" replace />
  if (signedIn && localStorage.getItem(TOKEN_KEY))
    return <Navigate to={landingPath(role)} replace />
  return children
}

/** A screen for some roles only: the others land on the home screen instead of a refusal. */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const role = useAppSelector(selectCurrentUser)?.role ?? 'clerk'
  if (!roles.includes(role)) return <Navigate to="/home" replace />
  return children
}
