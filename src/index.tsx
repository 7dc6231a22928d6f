import './app/fonts/fonts.css'
import './app/global.css'
import { startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { loadLanguage } from './app/i18n/bundles'
import { forgetSessionOnStart } from './app/startup'
import { makeStore, whenRehydrated } from './app/store'
import { initialPreferences, isLanguage } from './features/preferences'

forgetSessionOnStart()
// Fetch the interface language's chunk while the store rehydrates, not after a first render.
const storedLanguage = localStorage.getItem('language')
const language = loadLanguage(
  isLanguage(storedLanguage) ? storedLanguage : initialPreferences.language,
).catch(() => undefined)

const { store, persistor } = makeStore()
const root = createRoot(document.getElementById('root')!)
// One first render, with the saved preferences and the language already in hand (no PersistGate:
// its re-render runs synchronously inside the commit), and as a transition, so React yields to
// the browser every few milliseconds instead of blocking the main thread for the whole tree.
void Promise.all([whenRehydrated(persistor), language]).then(() =>
  startTransition(() => root.render(<App store={store} />)),
)
