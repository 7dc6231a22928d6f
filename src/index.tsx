import './app/fonts/fonts.css'
import './app/antd.static.css'
import './app/global.css'
import { adoptPrerenderedLogin } from './app/prerender/handoff'
import { forgetSessionOnStart } from './app/startup'
import { loadPrecomputedMapToken } from './app/themeTokens'
import { initialPreferences, isLanguage } from './features/preferences/model'

/** Ends the current task so the browser can paint and handle input before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * Evaluates modules already in the loaded chunks (`webpackMode: "eager"`) in a task of their own.
 * A module's code runs the first time something imports it, so start-up runs the heavy libraries
 * one per task, each well under a slow phone's 50 ms, instead of all at once in the entry
 * script's evaluation.
 */
async function inOwnTask<T>(load: () => Promise<T>): Promise<T> {
  await nextTask()
  return load()
}

async function start() {
  forgetSessionOnStart()
  // antd's map token of the saved theme, worked out at build time (src/app/themeTokens.ts).
  const themeTokens = loadPrecomputedMapToken(
    localStorage.getItem('themeMode') === 'dark' ? 'dark' : 'light',
  ).catch(() => undefined)
  // The interface language's messages (English and Amharic are in this chunk; Afaan Oromoo is
  // fetched now, while the store is made, not after a first render).
  const { loadLanguage } = await inOwnTask(
    () => import(/* webpackMode: "eager" */ './app/i18n/bundles'),
  )
  const storedLanguage = localStorage.getItem('language')
  const language = loadLanguage(
    isLanguage(storedLanguage) ? storedLanguage : initialPreferences.language,
  ).catch(() => undefined)
  // Redux Toolkit, RTK Query with its React hooks, redux-persist, then the app's slices and api.
  // (`webpackExports` names one export the store uses, so the rest stay tree-shaken.)
  await inOwnTask(
    () => import(/* webpackMode: "eager", webpackExports: ["configureStore"] */ '@reduxjs/toolkit'),
  )
  await inOwnTask(
    () =>
      import(
        /* webpackMode: "eager", webpackExports: ["createApi"] */ '@reduxjs/toolkit/query/react'
      ),
  )
  await inOwnTask(
    () => import(/* webpackMode: "eager", webpackExports: ["persistStore"] */ 'redux-persist'),
  )
  // The app's api with the sign-in endpoints (RTK Query builds their reducers and hooks), then the
  // store's own modules.
  await inOwnTask(() => import(/* webpackMode: "eager", webpackExports: ["api"] */ './app/api'))
  await inOwnTask(
    () => import(/* webpackMode: "eager", webpackExports: ["authApi"] */ './features/auth/authApi'),
  )
  const { makeStore, whenRehydrated } = await inOwnTask(
    () => import(/* webpackMode: "eager" */ './app/store'),
  )
  await nextTask()
  const { store, persistor } = makeStore()
  // Wait for the saved preferences, the language and the theme's token (and below, the sign-in
  // screen's code): React's first render then draws the form at once instead of its loading ring
  // over the build-time form index.html shows until then (src/app/prerender).
  await Promise.all([whenRehydrated(persistor), language, themeTokens])

  // Then React, the app's frame with antd, and the first render last, each in a task of its own.
  const [{ startTransition }, { createRoot }] = await inOwnTask(() =>
    Promise.all([
      import(/* webpackMode: "eager" */ 'react'),
      import(/* webpackMode: "eager" */ 'react-dom/client'),
    ]),
  )
  // antd's core (ConfigProvider, its contexts and theme), then the app's frame.
  await inOwnTask(
    () => import(/* webpackMode: "eager", webpackExports: ["default"] */ 'antd/es/config-provider'),
  )
  const { App } = await inOwnTask(() => import(/* webpackMode: "eager" */ './app/App'))
  // Every start shows the sign-in screen (spec 2.1). index.html's scripts have brought its chunks
  // (webpack.config.ts); evaluating them here, after antd and the app's frame, leaves the screen's
  // own modules for this task.
  if (location.pathname !== '/debug') {
    await inOwnTask(() =>
      import(/* webpackChunkName: "login" */ './features/auth/LoginScreen').catch(() => {}),
    )
  }
  await nextTask()
  const container = document.getElementById('root')!
  adoptPrerenderedLogin(container)
  const root = createRoot(container)
  // One first render, with the saved preferences and the language already in hand (no
  // PersistGate: its re-render runs synchronously inside the commit), and as a transition, so
  // React yields to the browser every few milliseconds instead of blocking for the whole tree.
  startTransition(() => root.render(<App store={store} />))
}

// Not in the entry script's evaluation, which the first chunk requests would lengthen.
void inOwnTask(start)
