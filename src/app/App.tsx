import { BrowserRouter } from 'react-router'
import type { Persistor } from 'redux-persist'
import { PwaPrompts } from '../features/pwa'
import { Providers } from './providers'
import { AppRoutes } from './router'
import type { AppStore } from './store'

export function App({ store, persistor }: { store: AppStore; persistor: Persistor }) {
  return (
    <Providers store={store} persistor={persistor}>
      <PwaPrompts />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  )
}
