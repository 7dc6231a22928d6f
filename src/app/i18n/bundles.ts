import type { Locale } from 'antd/es/locale'
import { useEffect, useState, useSyncExternalStore } from 'react'
import type { Language } from '../../features/preferences'
import amharicSignIn from './bundleAm'
import type { Messages } from './messages'

export interface LanguageBundle {
  messages: Messages
  /** antd's own strings; undefined keeps antd's built-in English. */
  antdLocale?: Locale
}

/**
 * Amharic (the default language, so what a first visit shows) ships in the entry chunk, but
 * only the messages the sign-in route can show (docs/decisions/0217): the first screen renders
 * without another round trip, and the messages of the signed-in screens do not weigh on it.
 * The rest of Amharic loads with the signed-in app (`loadWholeInterface`); English and Afaan
 * Oromoo load whole, as chunks of their own, when chosen. No runtime fallback between them:
 * locales.test.ts keeps every key present and non-empty in all three.
 */
const loaders: Record<Language, () => Promise<LanguageBundle>> = {
  en: () => import(/* webpackChunkName: "lang-en" */ './bundleEn').then((m) => m.default),
  am: () =>
    import(/* webpackChunkName: "lang-am" */ './bundleAmRest').then((m) => ({
      ...amharicSignIn,
      messages: { ...amharicSignIn.messages, ...m.default },
    })),
  om: () => import(/* webpackChunkName: "lang-om" */ './bundleOm').then((m) => m.default),
}

const loaded = new Map<Language, LanguageBundle>()
const pending = new Map<Language, Promise<LanguageBundle>>()
/** Set once the signed-in app (or a page other than sign-in) needs every message. */
let whole = false
/** The language the interface shows (LocaleAndTheme's), whose rest `loadWholeInterface` loads. */
let shownLanguage: Language = 'am'
const listeners = new Set<() => void>()
let version = 0
const changed = () => {
  version += 1
  for (const listener of listeners) listener()
}

/** A language's bundle as far as it is needed now, if it is at hand. */
function readyBundle(language: Language): LanguageBundle | undefined {
  return loaded.get(language) ?? (language === 'am' && !whole ? amharicSignIn : undefined)
}

/** Starts loading a language (idempotent); resolves to what the screens need of it now. */
export function loadLanguage(language: Language): Promise<LanguageBundle> {
  const ready = readyBundle(language)
  if (ready) return Promise.resolve(ready)
  let promise = pending.get(language)
  if (!promise) {
    promise = loaders[language]().then((bundle) => {
      loaded.set(language, bundle)
      changed()
      return bundle
    })
    promise.catch(() => pending.delete(language))
    pending.set(language, promise)
  }
  return promise
}

/**
 * From now on every message is needed: the loaders of the signed-in app and of the pages other
 * than sign-in wait on this, so their screens never show a message id.
 */
export function loadWholeInterface(): Promise<void> {
  if (!whole) {
    whole = true
    changed()
  }
  return loadLanguage(shownLanguage).then(() => undefined)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const currentVersion = () => version

/**
 * The bundle of `language` once loaded. While a new language (or the rest of one) loads, the
 * previous bundle stays on screen; only the very first render (nothing loaded yet) waits.
 */
export function useLanguageBundle(language: Language): LanguageBundle | undefined {
  const at = useSyncExternalStore(subscribe, currentVersion, currentVersion)
  const ready = readyBundle(language)
  const [shown, setShown] = useState(ready)
  if (ready && ready !== shown) setShown(ready)
  useEffect(() => {
    shownLanguage = language
    if (readyBundle(language)) return
    let live = true
    // A chunk that cannot load (offline before it was cached) leaves Amharic on screen.
    loadLanguage(language).catch(() => live && setShown((s) => s ?? amharicSignIn))
    return () => {
      live = false
    }
  }, [language, at])
  return ready ?? shown
}
