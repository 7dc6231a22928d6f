import '@fontsource-variable/noto-sans-ethiopic/wght.css'
import './app/global.css'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { loadLanguage } from './app/i18n/bundles'
import { forgetSessionOnStart } from './app/startup'
import { makeStore } from './app/store'
import { initialPreferences, isLanguage } from './features/preferences'

forgetSessionOnStart()
// Fetch the interface language's chunk while React starts, not after the first render.
const storedLanguage = localStorage.getItem('language')
void loadLanguage(isLanguage(storedLanguage) ? storedLanguage : initialPreferences.language).catch(
  () => undefined,
)

const { store, persistor } = makeStore()
createRoot(document.getElementById('root')!).render(<App store={store} persistor={persistor} />)
