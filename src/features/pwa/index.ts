export { default as pwaSlice } from './pwaSlice'
export { registerPwaListeners } from './pwaListeners'
export { PwaPrompts } from './PwaPrompts'
export { InstallBanner } from './InstallBanner'
