// The church logo picked on the ID card screen, kept on this device (never uploaded, spec 2.9)
// so the dashboard's printed report carries the same logo as the cards.
import { useSyncExternalStore } from 'react'
import { safeImageDataUrl } from './svgMarkup'

export const CHURCH_LOGO_KEY = 'churchLogo'
/** Larger logos are used until the page is reloaded but not written to localStorage (~5 MB). */
export const MAX_KEPT_LOGO_CHARS = 1_000_000

const listeners = new Set<() => void>()
/** A logo too large (or a storage too full) to keep: this page's alone. */
let unkept: string | null = null

function read(): string | null {
  let stored: string | null
  try {
    stored = localStorage.getItem(CHURCH_LOGO_KEY)
  } catch {
    stored = null
  }
  // Whatever is stored is checked again: only base64 image bytes ever reach an <img> or <image>.
  return safeImageDataUrl(stored) ?? unkept
}

export function writeChurchLogo(logo: string | null): void {
  const safe = safeImageDataUrl(logo) ?? null
  unkept = null
  try {
    if (safe === null) localStorage.removeItem(CHURCH_LOGO_KEY)
    else if (safe.length <= MAX_KEPT_LOGO_CHARS) localStorage.setItem(CHURCH_LOGO_KEY, safe)
    else {
      localStorage.removeItem(CHURCH_LOGO_KEY)
      unkept = safe
    }
  } catch {
    unkept = safe
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // Another tab picking a logo shows here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CHURCH_LOGO_KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The device's church logo (a data URL) or null, and the setter the logo picker calls. */
export function useChurchLogo(): [string | null, (logo: string | null) => void] {
  const logo = useSyncExternalStore(subscribe, read, () => null)
  return [logo, writeChurchLogo]
}
