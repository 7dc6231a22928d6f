import { Modal } from 'antd'
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { type NavigateOptions, type To, useNavigate } from 'react-router'

/*
 * The app routes declaratively (no data router, so no useBlocker: src/app/router.tsx), so the
 * screen with unsaved changes registers here, and the app's own ways out ask it first.
 */
type Ask = () => Promise<boolean>
let guard: Ask | null = null

/** Whether the screen shown may be left now: true at once without unsaved changes. */
export const mayLeave = (): Promise<boolean> => (guard ? guard() : Promise.resolve(true))

/** useNavigate, asking the screen's guard first: for the top bar, Back and other ways out. */
export function useGuardedNavigate() {
  const navigate = useNavigate()
  return useCallback(
    (to: To, options?: NavigateOptions) => {
      void mayLeave().then((ok) => {
        if (ok) void navigate(to, options)
      })
    },
    [navigate],
  )
}

/** Marks the history entry the guard adds, so that the browser's Back lands on the page first. */
const SENTINEL = 'abalLeaveGuard'

const onSentinel = () =>
  Boolean((window.history.state as Record<string, unknown> | null)?.[SENTINEL])

/**
 * The browser's own Back button, which no navigate call sees: while guarded, the page stands on
 * an extra entry of the same address, so Back only steps onto the page itself (the route does not
 * change) and the guard asks. Stay puts the entry back; Leave goes back past the page.
 */
function guardBrowserBack(ask: Ask): () => void {
  const sentinel = { ...((window.history.state as object | null) ?? {}), [SENTINEL]: true }
  const stand = () => window.history.pushState(sentinel, '', window.location.href)
  stand()
  let leaving = false
  const popped = () => {
    if (leaving || onSentinel()) return
    void ask().then((ok) => {
      if (!ok) stand()
      else {
        leaving = true
        window.history.back()
      }
    })
  }
  window.addEventListener('popstate', popped)
  return () => {
    window.removeEventListener('popstate', popped)
    // Saved or cancelled on the page: its extra entry goes, so Back works as usual again.
    if (!leaving && onSentinel()) {
      leaving = true
      window.history.back()
    }
  }
}

/**
 * Asks before unsaved changes are left behind (issue 42): the app's ways out (top bar, Logout,
 * Back) and the browser's Back button open a confirmation; a reload or a closed tab gets the
 * browser's own question. `allow` lets a screen leave on purpose (after its own save) before its
 * next render clears `when`.
 */
export function LeaveGuard({
  when,
  allow,
  textId = 'leaveUnsavedText',
}: {
  when: boolean
  allow?: RefObject<boolean>
  textId?: string
}) {
  const intl = useIntl()
  const [asking, setAsking] = useState<((ok: boolean) => void) | null>(null)
  const answer = useRef<((ok: boolean) => void) | null>(null)
  useEffect(() => {
    if (!when) return
    const ask: Ask = () =>
      allow?.current
        ? Promise.resolve(true)
        : new Promise<boolean>((resolve) => {
            answer.current = resolve
            setAsking(() => resolve)
          })
    guard = ask
    const unload = (event: BeforeUnloadEvent) => {
      if (allow?.current) return
      event.preventDefault()
      // Older browsers show their question only when a value is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', unload)
    const unguardBack = guardBrowserBack(ask)
    return () => {
      if (guard === ask) guard = null
      window.removeEventListener('beforeunload', unload)
      unguardBack()
    }
  }, [when, allow])
  const reply = (ok: boolean) => {
    answer.current?.(ok)
    answer.current = null
    setAsking(null)
  }
  return (
    <Modal
      open={asking !== null}
      title={intl.formatMessage({ id: 'leaveUnsavedTitle' })}
      okText={intl.formatMessage({ id: 'leaveUnsavedLeave' })}
      okButtonProps={{ danger: true }}
      cancelText={intl.formatMessage({ id: 'leaveUnsavedStay' })}
      onOk={() => reply(true)}
      onCancel={() => reply(false)}
    >
      {intl.formatMessage({ id: textId })}
    </Modal>
  )
}
