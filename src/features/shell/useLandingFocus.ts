import { type RefObject, useEffect } from 'react'
import { useLocation } from 'react-router'

/** How long a lazily loaded screen may take to draw its heading (animation frames, ~2 s). */
const MAX_FRAMES = 120

/**
 * After sign-in or a move to another screen, focus lands on the new screen's heading rather
 * than the page body (issue 28), so a screen reader announces where the clerk is and Tab starts
 * from there. A screen that has already focused something of its own keeps it.
 */
export function useLandingFocus(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation()
  useEffect(() => {
    let frames = 0
    let frame = 0
    const before = document.activeElement
    const attempt = () => {
      const container = main.current
      if (!container) return
      const active = document.activeElement
      if (active && active !== container && container.contains(active)) return
      // The clerk moved on (Tab, a click) while the screen was loading: leave focus there.
      if (active && active !== before && active !== document.body && active !== container) return
      const heading =
        container.querySelector<HTMLElement>('h1') ??
        (frames > MAX_FRAMES / 4 ? container.querySelector<HTMLElement>('h2') : null)
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
        heading.focus({ preventScroll: true })
        return
      }
      if (++frames < MAX_FRAMES) frame = requestAnimationFrame(attempt)
    }
    frame = requestAnimationFrame(attempt)
    return () => cancelAnimationFrame(frame)
  }, [pathname, main])
}
