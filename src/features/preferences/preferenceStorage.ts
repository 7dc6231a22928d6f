import type { Storage as PersistStorage } from 'redux-persist'
import { isLanguage } from './model'

/**
 * redux-persist storage that keeps each preference under the localStorage key the spec names
 * (`language`, `themeMode`) plus `calendar`, instead of one opaque `persist:…` blob, so the
 * values stay readable by anything else on the device.
 */
const KEYS = ['language', 'themeMode', 'calendar'] as const

function readValid(key: (typeof KEYS)[number]): string | undefined {
  const value = localStorage.getItem(key)
  if (value === null) return undefined
  if (key === 'language') return isLanguage(value) ? value : undefined
  if (key === 'themeMode') return value === 'light' || value === 'dark' ? value : undefined
  return value === 'gregorian' || value === 'ethiopian' ? value : undefined
}

export const preferenceStorage: PersistStorage = {
  getItem: async () => {
    // Only what the device holds: a missing key keeps the app's (or a test's) starting value.
    const outer: Record<string, string> = {}
    for (const key of KEYS) {
      const value = readValid(key)
      if (value !== undefined) outer[key] = JSON.stringify(value)
    }
    if (Object.keys(outer).length === 0) return null
    outer._persist = JSON.stringify({ version: -1, rehydrated: true })
    return JSON.stringify(outer)
  },
  setItem: async (_key: string, serialized: string) => {
    const outer = JSON.parse(serialized) as Record<string, string>
    for (const key of KEYS) {
      // A calendar never chosen stays absent: the Gregorian default holds until the user picks.
      const value: unknown = typeof outer[key] === 'string' ? JSON.parse(outer[key]) : null
      if (typeof value === 'string') localStorage.setItem(key, value)
    }
  },
  removeItem: async () => {
    for (const key of KEYS) localStorage.removeItem(key)
  },
}
