import { addListener } from '@reduxjs/toolkit'
import { App, Button, Space } from 'antd'
import { useEffect, useRef } from 'react'
import { useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { serverReached } from '../../app/connectionEvents'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { selectQueue, type UnplacedMember } from './offlineSlice'
import { closeUnplaced, loadQueue, loadUnplaced, sendQueue } from './sync'

/** Waits between tries after the server could not be reached: 5 s, 10 s, 20 s … at most 2 min. */
export const retryDelay = (failures: number) => Math.min(5_000 * 2 ** failures, 120_000)

/**
 * Sends the signed-in account's queue (mounted in the signed-in frame): at sign-in, when the
 * app's own requests reach the server again, when the browser says it is online, and after a
 * failed try with growing waits. Background Sync is not needed for any of it.
 */
export function OfflineQueueSync() {
  const dispatch = useAppDispatch()
  // An offline session's queue is read but not sent: the real sign-in starts the sending.
  const canSend = useAppSelector((state) => state.auth.status === 'signedIn')
  useEffect(() => {
    void dispatch(loadUnplaced())
    if (!canSend) {
      void dispatch(loadQueue())
      return
    }
    let failures = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const attempt = async () => {
      clearTimeout(timer)
      const outcome = await dispatch(sendQueue())
      if (stopped) return
      if (outcome === 'unreachable') {
        timer = setTimeout(() => void attempt(), retryDelay(failures))
        failures += 1
      } else if (outcome !== 'busy') {
        failures = 0
      }
    }
    void dispatch(loadQueue()).then(attempt)
    const unsubscribe = dispatch(
      addListener({ actionCreator: serverReached, effect: () => void attempt() }),
    ) as unknown as () => void
    const online = () => void attempt()
    window.addEventListener('online', online)
    return () => {
      stopped = true
      clearTimeout(timer)
      unsubscribe()
      window.removeEventListener('online', online)
    }
  }, [dispatch, canSend])
  useUnplacedNotices()
  return null
}

const noticeKey = (u: UnplacedMember) => `unplaced-${u.memberId}`

function noticeTextId(u: UnplacedMember) {
  if (u.registeredOnline) return u.householdGone ? 'familyLinkHouseholdGone' : 'familyLinkFailed'
  return u.householdGone ? 'familyPlacementHouseholdGone' : 'familyPlacementFailed'
}

/**
 * A registration sent from the queue (or made online, once reloaded) that could not join its
 * household stays on screen until closed, across reloads: the clerk adds the member by hand,
 * from the household page it links to. Opening the member leaves the notice up, so the
 * household is still a press away.
 */
function useUnplacedNotices() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const { notification } = App.useApp()
  const { unplaced } = useAppSelector(selectQueue)
  // Each notice is opened once per member and language: antd opens a notice on its next render,
  // so an open repeated by an unrelated re-render (a route change) could land after a Close.
  const shown = useRef(new Map<number, UnplacedMember>())
  const shownIn = useRef(intl)
  const go = useRef(navigate)
  useEffect(() => {
    go.current = navigate
  }, [navigate])
  useEffect(() => {
    if (shownIn.current !== intl) shown.current.clear()
    shownIn.current = intl
    const listed = new Set(unplaced.map((member) => member.memberId))
    for (const [memberId, member] of shown.current) {
      if (listed.has(memberId)) continue
      shown.current.delete(memberId)
      notification.destroy(noticeKey(member))
    }
    for (const member of unplaced) {
      if (shown.current.get(member.memberId) === member) continue
      shown.current.set(member.memberId, member)
      const close = () => void dispatch(closeUnplaced(member))
      notification.warning({
        key: noticeKey(member),
        title: intl.formatMessage({ id: 'familyPlacementFailedTitle' }),
        description: intl.formatMessage({ id: noticeTextId(member) }, { ...member }),
        duration: 0,
        onClose: close,
        actions: (
          <Space wrap>
            <Button
              type={member.householdGone ? 'primary' : 'default'}
              size="small"
              onClick={() => void go.current(`/member/${member.memberId}`)}
            >
              {intl.formatMessage({ id: 'openProfile' })}
            </Button>
            {/* A deleted household's page would only say it is not there. */}
            {!member.householdGone && (
              <Button
                type="primary"
                size="small"
                onClick={() => {
                  notification.destroy(noticeKey(member))
                  close()
                  void go.current(`/households/${member.householdId}`)
                }}
              >
                {intl.formatMessage({ id: 'familyOpenHousehold' })}
              </Button>
            )}
          </Space>
        ),
      })
    }
  }, [unplaced, notification, intl, dispatch])
}
