import { startTransition, useEffect, useState } from 'react'

/**
 * Shows a long list a slice at a time: the first `first` items at once, then `step` more in each
 * following task, until all are shown, so taps and scrolling stay responsive on a slow phone.
 * Items already shown are not rendered again when their components are memoised.
 *
 * A list with a different first item (a new search or filter) starts again from the top; a list
 * that grew at the end (Load more) continues from where it was. A list longer than `upTo` is
 * returned whole at once (a windowed list renders only a few items anyway).
 */
export function useProgressiveList<T extends { id: number }>(
  items: readonly T[],
  first = 6,
  step = 4,
  upTo = Infinity,
): readonly T[] {
  const firstId = items[0]?.id
  const [shown, setShown] = useState({ firstId, count: first })
  let count = shown.count
  if (shown.firstId !== firstId) {
    // Adjusting state while rendering (React's pattern for state derived from props).
    count = first
    setShown({ firstId, count })
  }
  const complete = count >= items.length || items.length > upTo
  useEffect(() => {
    if (complete) return undefined
    // As a transition: React renders the next items in slices of a few milliseconds, yielding
    // to the browser between them, instead of in one task.
    const timer = setTimeout(
      () => startTransition(() => setShown((s) => ({ ...s, count: s.count + step }))),
      0,
    )
    return () => clearTimeout(timer)
  }, [complete, count, step])
  return complete ? items : items.slice(0, count)
}
