import type { DeviceFacts } from './pwaSlice'

/** Spec 3.7 storage keys. */
export const INSTALL_BANNER_DISMISSED_KEY = 'installBannerDismissed'
export const INSTALL_PROMPT_DISMISSED_KEY = 'installPromptDismissed'

export function readDeviceFacts(
  win: Window = window,
  local: Storage = win.localStorage,
  session: Storage = win.sessionStorage,
): DeviceFacts {
  const nav = win.navigator as Navigator & { standalone?: boolean }
  const ua = nav.userAgent
  // iPadOS 13+ reports itself as a Mac; a touch screen gives it away.
  const ios = /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && nav.maxTouchPoints > 1)
  return {
    standalone: win.matchMedia('(display-mode: standalone)').matches || nav.standalone === true,
    ios,
    bannerDismissed: local.getItem(INSTALL_BANNER_DISMISSED_KEY) === 'true',
    promptDismissed: session.getItem(INSTALL_PROMPT_DISMISSED_KEY) === 'true',
    online: nav.onLine,
  }
}
