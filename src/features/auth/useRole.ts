import { useAppSelector } from '../../app/hooks'
import { canWrite, type Role } from '../../domain'
import { selectCurrentUser, selectIsOfflineSession } from './authSlice'

export function useRole(): Role {
  return useAppSelector(selectCurrentUser)?.role ?? 'clerk'
}

/** The UI hides what the role cannot do rather than showing buttons that fail. */
export function useCanWrite(): boolean {
  return canWrite(useRole())
}

/**
 * Whether the signed-in account may edit or delete a member: only its owner may (another
 * account's member answers 403 to an admin). `ownerId` is absent on the caller's own members.
 * An offline session changes none: its profiles are the device's copies, and a change needs
 * the server.
 */
export function useCanChangeMember(ownerId: number | null | undefined): boolean {
  const user = useAppSelector(selectCurrentUser)
  const offline = useAppSelector(selectIsOfflineSession)
  if (!user || offline || !canWrite(user.role ?? 'clerk')) return false
  return ownerId === undefined || ownerId === null || ownerId === user.id
}
