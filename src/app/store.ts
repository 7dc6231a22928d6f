import {
  combineSlices,
  configureStore,
  createListenerMiddleware,
  type Action,
  type ThunkAction,
} from '@reduxjs/toolkit'
import {
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  type Persistor,
  PURGE,
  REGISTER,
  REHYDRATE,
} from 'redux-persist'
import authSlice from '../features/auth/authSlice'
import { registerAuthListeners } from '../features/auth/authListeners'
import { preferencesSlice, preferenceStorage } from '../features/preferences'
import { pwaSlice, registerPwaListeners } from '../features/pwa'
import { api } from './api'
import { devToolsOptions } from './devTools'

const persistedPreferences = persistReducer(
  { key: 'preferences', storage: preferenceStorage },
  preferencesSlice.reducer,
)

/**
 * Slices of screens behind sign-in (members, transfer, wizard, camera) add themselves with
 * `slice.injectInto(rootReducer)` when their code loads, each declaring itself here.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(api, authSlice, pwaSlice, {
  preferences: persistedPreferences,
}).withLazyLoadedSlices<LazyLoadedSlices>()

export type RootState = ReturnType<typeof rootReducer>

export function makeStore(preloadedState?: Partial<RootState>) {
  const listeners = createListenerMiddleware()
  registerAuthListeners(listeners as never)
  registerPwaListeners(listeners as never)
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    devTools: devToolsOptions,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listeners.middleware)
        .concat(api.middleware),
  })
  const persistor = persistStore(store)
  return { store, persistor }
}

/** Resolves once redux-persist has read the saved preferences back into the store. */
export function whenRehydrated(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!persistor.getState().bootstrapped) return
      unsubscribe()
      resolve()
    }
    const unsubscribe = persistor.subscribe(check)
    check()
  })
}

export type AppStore = ReturnType<typeof makeStore>['store']
export type AppDispatch = AppStore['dispatch']
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, Action>
