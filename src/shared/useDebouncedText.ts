import { useCallback, useEffect, useRef, useState } from 'react'
import { useStableCallback } from './useStableCallback'

/**
 * A search box's text, kept here while the user types; `settle` receives it once typing pauses
 * for `delayMs`, so the store sees one action per pause rather than one per key (and a DevTools
 * replay reads like what the user did). `stored` is the store's copy: when it changes from
 * elsewhere (filters cleared, a dialog opened again) the box follows it. With `flushOnUnmount`,
 * text typed just before the box goes away is still settled; with `settleUnchanged`, a pause
 * settles even text typed back to what was settled before (for a caller that waits on it).
 */
export function useDebouncedText(
  stored: string,
  settle: (text: string) => void,
  delayMs: number,
  { flushOnUnmount = false, settleUnchanged = false } = {},
): [text: string, change: (text: string) => void] {
  const [text, setText] = useState(stored)
  const sent = useRef(stored)
  const pending = useRef<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const flush = useStableCallback(() => {
    clearTimeout(timer.current)
    const value = pending.current
    pending.current = null
    if (value === null || (value === sent.current && !settleUnchanged)) return
    sent.current = value
    settle(value)
  })

  useEffect(() => {
    if (stored === sent.current) return
    sent.current = stored
    pending.current = null
    clearTimeout(timer.current)
    setText(stored)
  }, [stored])

  useEffect(
    () => () => {
      if (flushOnUnmount) flush()
      else clearTimeout(timer.current)
    },
    [flush, flushOnUnmount],
  )

  const change = useCallback(
    (value: string) => {
      setText(value)
      pending.current = value
      clearTimeout(timer.current)
      timer.current = setTimeout(flush, delayMs)
    },
    [flush, delayMs],
  )
  return [text, change]
}
