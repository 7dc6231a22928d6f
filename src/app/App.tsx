import { useMemo } from 'react'
import { RouterProvider } from 'react-router'
import type { Persistor } from 'redux-persist'
import { Providers } from './providers'
import { createAppRouter } from './router'
import type { AppStore } from './store'

export function App({ store, persistor }: { store: AppStore; persistor: Persistor }) {
  const router = useMemo(createAppRouter, [])
  return (
    <Providers store={store} persistor={persistor}>
      <RouterProvider router={router} />
    </Providers>
  )
}
