import './app/fonts/fonts.css'
import './app/antd.static.css'
import './app/global.css'
import { loadLanguage } from './app/i18n/bundles'
import { adoptPrerenderedLogin } from './app/prerender/handoff'
import { forgetSessionOnStart } from './app/startup'
import { makeStore, whenRehydrated } from './app/store'
import { loadPrecomputedMapToken } from './app/themeTokens'
import { initialPreferences, isLanguage } from './features/preferences'

/** Ends the current task so the browser can paint and handle input before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

async function start() {
  forgetSessionOnStart()
  // Every start shows the sign-in screen (spec 2.1), so its chunk downloads now, beside the rest,
  // rather than after the router asks for it.
  const loginScreen =
    location.pathname === '/debug'
      ? Promise.resolve()
      : import(/* webpackChunkName: "login" */ './features/auth/LoginScreen').catch(() => {})
  // Fetch the interface language's chunk while the store rehydrates, not after a first render.
  const storedLanguage = localStorage.getItem('language')
  const language = loadLanguage(
    isLanguage(storedLanguage) ? storedLanguage : initialPreferences.language,
  ).catch(() => undefined)
  // And antd's map token of the saved theme, worked out at build time (src/app/themeTokens.ts).
  const themeTokens = loadPrecomputedMapToken(
    localStorage.getItem('themeMode') === 'dark' ? 'dark' : 'light',
  ).catch(() => undefined)
  // The store in a task of its own (20–30 ms on the VM the first time: Redux Toolkit, RTK Query
  // and redux-persist run their code for the first time), not in the entry script's evaluation.
  await nextTask()
  const { store, persistor } = makeStore()
  // Wait for the saved preferences, the language, the theme's token and the sign-in screen's
  // chunk: React's first render then draws the form at once instead of its loading ring over the
  // build-time form index.html shows until then (src/app/prerender).
  await Promise.all([whenRehydrated(persistor), language, loginScreen, themeTokens])

  // Starting up is split into tasks (the store above; React here; then antd and the app's
  // modules; the first render last) so that no single one blocks the main thread of a slow phone
  // for long.
  await nextTask()
  const [{ startTransition }, { createRoot }] = await Promise.all([
    import(/* webpackMode: "eager" */ 'react'),
    import(/* webpackMode: "eager" */ 'react-dom/client'),
  ])
  await nextTask()
  const { App } = await import(/* webpackMode: "eager" */ './app/App')
  await nextTask()
  const container = document.getElementById('root')!
  adoptPrerenderedLogin(container)
  const root = createRoot(container)
  // One first render, with the saved preferences and the language already in hand (no
  // PersistGate: its re-render runs synchronously inside the commit), and as a transition, so
  // React yields to the browser every few milliseconds instead of blocking for the whole tree.
  startTransition(() => root.render(<App store={store} />))
}

void start()
