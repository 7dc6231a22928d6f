import { ConfigProvider } from 'antd'
import { type ReactNode, useEffect, useMemo } from 'react'
import { IntlProvider } from 'react-intl'
import { Provider } from 'react-redux'
import { selectLanguage, selectThemeMode } from '../features/preferences'
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../shared/useMediaQuery'
import { useAppSelector } from './hooks'
import { useLanguageBundle } from './i18n/bundles'
import { intlLocale } from './i18n/messages'
import type { AppStore } from './store'
import { themeFor } from './theme'

/**
 * Language and theme from the store, handed to react-intl, antd and the document; antd's
 * animations follow the device's reduced-motion setting.
 */
export function LocaleAndTheme({ children }: { children: ReactNode }) {
  const language = useAppSelector(selectLanguage)
  const mode = useAppSelector(selectThemeMode)
  const bundle = useLanguageBundle(language)
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY)
  const themeConfig = useMemo(() => themeFor(mode, reducedMotion), [mode, reducedMotion])

  useEffect(() => {
    document.documentElement.lang = language
    document.documentElement.dataset.theme = mode
    document.documentElement.style.colorScheme = mode
  }, [language, mode])

  // Only the first render of a session waits for its language chunk (a few KB).
  if (!bundle) return null
  return (
    <IntlProvider
      locale={intlLocale(language)}
      // Strings in tests, precompiled ASTs in the build: react-intl takes either per message.
      messages={bundle.messages as Record<string, string>}
      defaultLocale="en"
    >
      <ConfigProvider locale={bundle.antdLocale} theme={themeConfig}>
        {/* antd's <App> (message/modal/notification contexts) wraps the signed-in frame in
            AppLayout instead: here it would add ~20 KB gzipped to /login (issue 7 budget). */}
        {children}
      </ConfigProvider>
    </IntlProvider>
  )
}

/** The store is rehydrated before the first render (src/index.tsx: whenRehydrated). */
export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <LocaleAndTheme>{children}</LocaleAndTheme>
    </Provider>
  )
}
