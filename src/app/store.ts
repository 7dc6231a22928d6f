import {
  combineReducers,
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
  PURGE,
  REGISTER,
  REHYDRATE,
} from 'redux-persist'
import authSlice from '../features/auth/authSlice'
import cameraSlice from '../features/camera/cameraSlice'
import { registerAuthListeners } from '../features/auth/authListeners'
import membersSlice from '../features/members/membersSlice'
import { preferencesSlice, preferenceStorage } from '../features/preferences'
import { pwaSlice, registerPwaListeners } from '../features/pwa'
import transferSlice from '../features/transfer/transferSlice'
import wizardSlice from '../features/wizard/wizardSlice'
import { api } from './api'
import { devToolsOptions } from './devTools'

const persistedPreferences = persistReducer(
  { key: 'preferences', storage: preferenceStorage },
  preferencesSlice.reducer,
)

export const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: authSlice.reducer,
  camera: cameraSlice.reducer,
  members: membersSlice.reducer,
  preferences: persistedPreferences,
  pwa: pwaSlice.reducer,
  transfer: transferSlice.reducer,
  wizard: wizardSlice.reducer,
})

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

export type AppStore = ReturnType<typeof makeStore>['store']
export type AppDispatch = AppStore['dispatch']
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, Action>
