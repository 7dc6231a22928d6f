import { useEffect, useState } from 'react'
import { useAppSelector } from '../../app/hooks'
import type { Member } from '../../domain'
import {
  addToList,
  dropProfile,
  keepList,
  keepProfile,
  readList,
  readProfile,
  readProfiles,
} from '../../shared/deviceMembers'
import { selectCurrentUser, selectIsOfflineSession, selectIsSignedIn } from '../auth'
import type { MemberListItem } from './membersApi'

/** The signed-in account's name while online, for what this device keeps of its members. */
function useOnlineAccount(): string | null {
  const signedIn = useAppSelector(selectIsSignedIn)
  const user = useAppSelector(selectCurrentUser)
  return signedIn && user ? user.username : null
}

/** The offline session's account, whose kept members the screens show. */
function useOfflineAccount(): string | null {
  const offline = useAppSelector(selectIsOfflineSession)
  const user = useAppSelector(selectCurrentUser)
  return offline && user ? user.username : null
}

/**
 * Keeps the list's loaded pages on the device (online only): the unfiltered list replaces the
 * kept copy (`whole`); a filtered or searched one adds its rows to it (`part`), so that what the
 * clerk found online is found offline too. Another account's list is not this account's own.
 */
export function useKeepListOnDevice(
  rows: readonly MemberListItem[],
  scope: 'whole' | 'part' | 'none',
) {
  const account = useOnlineAccount()
  useEffect(() => {
    if (!account || scope === 'none' || rows.length === 0) return
    void (scope === 'whole' ? keepList(account, rows) : addToList(account, rows)).catch(
      () => undefined,
    )
  }, [account, scope, rows])
}

/**
 * Keeps a profile opened online, so that it opens in an offline session after a reload; one the
 * server no longer shows this account (`gone`: deleted, moved away) leaves the device.
 */
export function useKeepProfileOnDevice(
  id: number | null,
  member: Member | undefined,
  gone: boolean,
) {
  const account = useOnlineAccount()
  useEffect(() => {
    if (account && member && typeof member === 'object' && 'id' in member) {
      void keepProfile(account, member).catch(() => undefined)
    }
  }, [account, member])
  useEffect(() => {
    if (account && gone && id !== null) void dropProfile(account, id).catch(() => undefined)
  }, [account, gone, id])
}

export type DeviceRead<T> = { status: 'loading' } | { status: 'ready'; value: T }

function useDeviceRead<T>(read: (account: string) => Promise<T>, key: unknown): DeviceRead<T> {
  const account = useOfflineAccount()
  const [state, setState] = useState<{ key: unknown; read: DeviceRead<T> }>({
    key: null,
    read: { status: 'loading' },
  })
  const want = [account, key].join('|')
  useEffect(() => {
    if (!account) return undefined
    let live = true
    read(account)
      .catch(() => null as T)
      .then((value) => {
        if (live) setState({ key: want, read: { status: 'ready', value } })
      })
    return () => {
      live = false
    }
    // `read` is rebuilt each render; `want` names what it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [want])
  return state.key === want ? state.read : { status: 'loading' }
}

/** What this device keeps for the offline session's account: list rows and opened profiles. */
export interface DeviceMembers {
  rows: MemberListItem[]
  profiles: Member[]
}

/** The members kept for the offline session's account (null: none were kept on this device). */
export function useDeviceList(): DeviceRead<DeviceMembers | null> {
  return useDeviceRead(async (account) => {
    const [rows, profiles] = await Promise.all([
      readList<MemberListItem>(account),
      readProfiles(account),
    ])
    return rows || profiles.length > 0 ? { rows: rows ?? [], profiles } : null
  }, 'list')
}

/** A profile kept for the offline session's account (null: it was not opened on this device). */
export function useDeviceProfile(id: number | null): DeviceRead<Member | null> {
  return useDeviceRead(
    (account) => (id === null ? Promise.resolve(null) : readProfile(account, id)),
    id,
  )
}
