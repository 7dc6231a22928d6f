export { default as pwaSlice, pwaActions, selectPwa, type PwaState } from './pwaSlice'
export { registerPwaListeners } from './pwaListeners'
export { PwaPrompts } from './PwaPrompts'
export { InstallBanner } from './InstallBanner'
