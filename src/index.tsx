import '@fontsource-variable/noto-sans-ethiopic/wght.css'
import './app/global.css'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { forgetSessionOnStart } from './app/startup'
import { makeStore } from './app/store'

forgetSessionOnStart()

const { store, persistor } = makeStore()
createRoot(document.getElementById('root')!).render(<App store={store} persistor={persistor} />)
