import { useCallback, useLayoutEffect, useRef } from 'react'

/**
 * A function that keeps its identity across renders and always calls the latest `fn`: for an
 * event handler handed to a memoised child, which then renders again only when its data changes.
 * Not for calling during render (it would run the previous render's `fn`).
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R) {
  const latest = useRef(fn)
  useLayoutEffect(() => {
    latest.current = fn
  })
  return useCallback((...args: A) => latest.current(...args), [])
}
