import { useEffect, useState } from 'react'
import { useAppSelector } from '../../app/hooks'
import type { Member, StatusFilter } from '../../domain'
import {
  dropProfile,
  keepList,
  keepProfile,
  readList,
  readProfile,
} from '../../shared/deviceMembers'
import { selectCurrentUser, selectIsOfflineSession, selectIsSignedIn } from '../auth'
import type { MemberListItem } from './membersApi'
import { searchMatchOf } from './searchMatch'

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
 * Keeps the unfiltered list's loaded pages on the device (online only): a filtered or searched
 * list is a part of it, and another account's list is not this account's own.
 */
export function useKeepListOnDevice(rows: readonly MemberListItem[], whole: boolean) {
  const account = useOnlineAccount()
  useEffect(() => {
    if (account && whole && rows.length > 0) void keepList(account, rows).catch(() => undefined)
  }, [account, whole, rows])
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

/** The list kept for the offline session's account (null: none was kept on this device). */
export function useDeviceList(): DeviceRead<MemberListItem[] | null> {
  return useDeviceRead((account) => readList<MemberListItem>(account), 'list')
}

/** A profile kept for the offline session's account (null: it was not opened on this device). */
export function useDeviceProfile(id: number | null): DeviceRead<Member | null> {
  return useDeviceRead(
    (account) => (id === null ? Promise.resolve(null) : readProfile(account, id)),
    id,
  )
}

/**
 * The kept rows a search and status filter find offline. Only what a row carries is searched
 * (names, phone, e-mail), so every row found says why, by name or by a note: never "found in
 * other details", which only the server can know.
 */
export function filterDeviceList(
  rows: readonly MemberListItem[],
  q: string,
  status: StatusFilter,
): MemberListItem[] {
  const text = q.trim()
  return rows.filter((row) => {
    if (status !== 'all' && row.membership_status !== status) return false
    if (!text) return true
    const match = searchMatchOf(row, text)
    return match === null || match.field !== 'other'
  })
}
