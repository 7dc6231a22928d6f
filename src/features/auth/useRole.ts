import { useAppSelector } from '../../app/hooks'
import { canWrite, type Role } from '../../domain'
import { selectCurrentUser } from './authSlice'

export function useRole(): Role {
  return useAppSelector(selectCurrentUser)?.role ?? 'clerk'
}

/** The UI hides what the role cannot do rather than showing buttons that fail. */
export function useCanWrite(): boolean {
  return canWrite(useRole())
}
