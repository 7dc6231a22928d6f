import { useSyncExternalStore } from 'react'

/** Spec 9.7: the wizard orientation, the overflow menu and the full-screen dialog switch here. */
export const MOBILE_QUERY = '(max-width: 600px)'
/** antd's md breakpoint: the member list switches between cards and a table here. */
/** Below this the top bar's full navigation (seven labelled entries in Oromo) no longer fits. */
export const TOP_BAR_MENU_QUERY = '(max-width: 1199.98px)'
export const BELOW_MEDIUM_QUERY = '(max-width: 767.98px)'
/** The device's "reduce motion" setting: antd's animations and smooth scrolling stop under it. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)'

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )
}

export const useIsMobile = () => useMediaQuery(MOBILE_QUERY)
