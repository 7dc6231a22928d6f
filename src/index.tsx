import './app/fonts/fonts.css'
import './app/global.css'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/App'
import { loadLanguage } from './app/i18n/bundles'
import { LOGIN_STYLE_ID, loginPageKey } from './app/prerender/loginKey'
import { loadLoginScreen } from './app/router'
import { forgetSessionOnStart } from './app/startup'
import { makeStore, whenRehydrated } from './app/store'
import { initialPreferences, isLanguage } from './features/preferences/model'

async function start() {
  forgetSessionOnStart()
  // Every start shows the sign-in screen (spec 2.1): fetch its chunk beside the store's set-up.
  if (location.pathname !== '/debug') loadLoginScreen().catch(() => {})
  // The saved language's messages load while the store rehydrates (Afaan Oromoo is a chunk).
  const storedLanguage = localStorage.getItem('language')
  const language = loadLanguage(
    isLanguage(storedLanguage) ? storedLanguage : initialPreferences.language,
  ).catch(() => undefined)
  const { store, persistor } = makeStore()
  // The first render then has the saved preferences and language in hand (no PersistGate flash).
  await Promise.all([whenRehydrated(persistor), language])
  const container = document.getElementById('root')!
  const app = <App store={store} />
  // login.html comes with the sign-in page drawn at build time (docs/decisions/0125): React
  // takes it over as it is when this device would draw the same page, else draws afresh.
  const drawn = container.dataset.drawn
  if (drawn && drawn === loginPageKey(store.getState().preferences)) {
    hydrateRoot(container, app)
    return
  }
  document.getElementById(LOGIN_STYLE_ID)?.remove()
  const root = createRoot(container)
  // As a transition, React yields to the browser between components instead of one long task.
  startTransition(() => root.render(app))
}

void start()
