import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { TOKEN_KEY } from '../../app/api'
import { useAppSelector } from '../../app/hooks'
import { selectIsSignedIn } from './authSlice'

/** Spec 2.1: a protected route needs a token on the device; without one, go to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useAppSelector(selectIsSignedIn)
  const location = useLocation()
  if (!signedIn || !localStorage.getItem(TOKEN_KEY)) {
    return <Navigate to="/login" replace state={{ from: location.pathname }} />
  }
  return children
}

/** Spec 2.1: /login with a stored token goes straight to the landing page (/home, issue 29). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const signedIn = useAppSelector(selectIsSignedIn)
  if (signedIn && localStorage.getItem(TOKEN_KEY)) return <Navigate to="/home" replace />
  return children
}
