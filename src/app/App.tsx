import { BrowserRouter } from 'react-router'
import { PwaPrompts } from '../features/pwa'
import { Providers } from './providers'
import { AppRoutes } from './router'
import type { AppStore } from './store'

export function App({ store }: { store: AppStore }) {
  return (
    <Providers store={store}>
      <PwaPrompts />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  )
}
