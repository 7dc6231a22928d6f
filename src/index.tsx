import '@fontsource-variable/noto-sans-ethiopic/wght.css'
import './app/global.css'
import { createRoot } from 'react-dom/client'
import { TOKEN_KEY } from './app/api'
import { App } from './app/App'
import { makeStore } from './app/store'

// Spec 2.1: every application start needs a fresh sign-in.
localStorage.removeItem(TOKEN_KEY)

const { store, persistor } = makeStore()
createRoot(document.getElementById('root')!).render(<App store={store} persistor={persistor} />)
