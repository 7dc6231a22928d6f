import type { ComponentType, ReactNode } from 'react'
import { BrowserRouter } from 'react-router'
import { PwaPrompts } from '../features/pwa'
import { Providers } from './providers'
import { AppRoutes } from './router'
import type { AppStore } from './store'

/** `Router` is the browser's history, or a fixed location when the build draws /login ahead. */
export function App({
  store,
  Router = BrowserRouter,
}: {
  store: AppStore
  Router?: ComponentType<{ children: ReactNode }>
}) {
  return (
    <Providers store={store}>
      <PwaPrompts />
      <Router>
        <AppRoutes />
      </Router>
    </Providers>
  )
}
