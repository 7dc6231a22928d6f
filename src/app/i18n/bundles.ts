import type { Locale } from 'antd/es/locale'
import { useEffect, useState } from 'react'
import type { Language } from '../../features/preferences'
import amharic from './bundleAm'
import type { Messages } from './messages'

export interface LanguageBundle {
  messages: Messages
  /** antd's own strings; undefined keeps antd's built-in English. */
  antdLocale?: Locale
}

/**
 * Amharic (the default language, so what a first visit shows) ships in the entry chunk: the
 * first screen renders without another round trip. English and Afaan Oromoo load as chunks of
 * their own when chosen. No runtime fallback between them: locales.test.ts keeps every key
 * present and non-empty in all three.
 */
const loaders: Record<Language, () => Promise<LanguageBundle>> = {
  en: () => import(/* webpackChunkName: "lang-en" */ './bundleEn').then((m) => m.default),
  am: async () => amharic,
  om: () => import(/* webpackChunkName: "lang-om" */ './bundleOm').then((m) => m.default),
}

const loaded = new Map<Language, LanguageBundle>([['am', amharic]])
const pending = new Map<Language, Promise<LanguageBundle>>()

/** Starts loading a language (idempotent); resolves to its messages over English. */
export function loadLanguage(language: Language): Promise<LanguageBundle> {
  const ready = loaded.get(language)
  if (ready) return Promise.resolve(ready)
  let promise = pending.get(language)
  if (!promise) {
    promise = loaders[language]().then((bundle) => {
      loaded.set(language, bundle)
      return bundle
    })
    promise.catch(() => pending.delete(language))
    pending.set(language, promise)
  }
  return promise
}

/**
 * The bundle of `language` once loaded. While a new language loads the previous one stays on
 * screen; only the very first render (nothing loaded yet) waits.
 */
export function useLanguageBundle(language: Language): LanguageBundle | undefined {
  const [state, setState] = useState(() => ({ language, bundle: loaded.get(language) }))
  useEffect(() => {
    let live = true
    const ready = loaded.get(language)
    if (ready) {
      setState((s) => (s.bundle === ready ? s : { language, bundle: ready }))
      return
    }
    loadLanguage(language)
      .then((bundle) => live && setState({ language, bundle }))
      // A chunk that cannot load (offline before it was cached) leaves Amharic on screen.
      .catch(() => live && setState((s) => ({ language, bundle: s.bundle ?? amharic })))
    return () => {
      live = false
    }
  }, [language])
  return state.bundle
}
