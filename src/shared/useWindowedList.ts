import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { type RefObject, useDeferredValue, useLayoutEffect, useState } from 'react'

/**
 * Lists up to this many items render every item: the browser's find-in-page, printing and
 * full-page captures see them all, and most congregations never go past it.
 */
export const WINDOW_FROM = 100

interface Options {
  count: number
  /** The element the items are laid out in (the list itself, or the table body). */
  listRef: RefObject<HTMLElement | null>
  /** An item's usual height in px; each rendered item is then measured. */
  estimateSize: number
  /** Space between two items in px (a CSS grid gap). */
  gap?: number
}

export interface WindowedList {
  /** Whether only some items are rendered. */
  windowed: boolean
  /** Indices of the items to render, in order. */
  indices: number[]
  /** Space in px to leave before the first rendered item and after the last. */
  before: number
  after: number
  /** For each rendered item's element (with `data-index`), when the list is windowed. */
  measureRef?: (element: Element | null) => void
}

const everyIndex = (count: number) => Array.from({ length: count }, (_, index) => index)

/**
 * A long list in the page's own scroll renders only the items in and near the window (with
 * TanStack Virtual), leaving their space empty above and below, so 2,000 loaded members cost
 * about as much to scroll, restyle or replace as 30. Screen readers get the full count from
 * aria-setsize/aria-rowcount, which the list sets; keyboard focus moving down renders the next
 * items before it reaches them.
 */
export function useWindowedList({ count, listRef, estimateSize, gap = 0 }: Options): WindowedList {
  const windowed = count > WINDOW_FROM
  // Where the list starts in the page; what is above it (filters, a banner) changes that.
  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    const list = listRef.current
    if (!windowed || !list) return undefined
    const measure = () =>
      setScrollMargin(Math.round(list.getBoundingClientRect().top + window.scrollY))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [windowed, listRef])

  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimateSize,
    gap,
    overscan: 6,
    scrollMargin,
    enabled: windowed,
    // The window's size before it is observed, so the first windowed render has its items.
    initialRect:
      typeof window === 'undefined' ? undefined : { width: innerWidth, height: innerHeight },
  })
  const items = virtualizer.getVirtualItems()
  const first = items[0]
  const last = items[items.length - 1]
  // The items to render follow the window as a deferred value: the scroll handler's own render
  // keeps the rows already there, and the new ones render in the background in small slices, so
  // a fast scroll or a jump shows empty space for a moment instead of freezing the page.
  const wanted = windowed && first && last ? `${first.index}:${last.index}` : ''
  const deferred = useDeferredValue(wanted)
  if (!windowed) return { windowed, indices: everyIndex(count), before: 0, after: 0 }

  const total = virtualizer.getTotalSize()
  if (!first || !last) return { windowed, indices: [], before: 0, after: total }
  const [from, to] = (deferred || wanted).split(':').map(Number) as [number, number]
  const measurements = virtualizer.measurementsCache // brought up to date by getVirtualItems()
  const start = measurements[Math.min(from, count - 1)]
  const end = measurements[Math.min(to, count - 1)]
  if (!start || !end) return { windowed, indices: [], before: 0, after: total }
  return {
    windowed,
    indices: Array.from({ length: end.index - start.index + 1 }, (_, i) => start.index + i),
    before: start.start - scrollMargin,
    after: Math.max(0, total - (end.end - scrollMargin)),
    measureRef: virtualizer.measureElement,
  }
}
