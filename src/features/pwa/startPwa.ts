import type { AppDispatch } from '../../app/store'
import { readDeviceFacts } from './deviceFacts'
import { type BeforeInstallPromptEvent, installPromptRegistry } from './deviceRegistry'
import { pwaActions } from './pwaSlice'
import { registerServiceWorker } from './serviceWorker'
import { checkAppVersion } from './versionCheck'

/**
 * Wires the browser's PWA events into the store once the app has mounted. Returns the cleanup.
 * The service worker is registered only in production builds: in development webpack-dev-server
 * serves changing files that a precache would only get in the way of.
 */
export function startPwa(dispatch: AppDispatch, win: Window = window): () => void {
  dispatch(pwaActions.started(readDeviceFacts(win)))

  const onBeforeInstallPrompt = (event: Event) => {
    // Keep the browser's mini-infobar away; our banner and dialog offer installation (spec 2.4).
    event.preventDefault()
    installPromptRegistry.keep(event as BeforeInstallPromptEvent)
    dispatch(pwaActions.promptOffered())
  }
  const onInstalled = () => dispatch(pwaActions.appInstalled())
  const onOnline = () => dispatch(pwaActions.connectionChanged(true))
  const onOffline = () => dispatch(pwaActions.connectionChanged(false))
  win.addEventListener('beforeinstallprompt', onBeforeInstallPrompt)
  win.addEventListener('appinstalled', onInstalled)
  win.addEventListener('online', onOnline)
  win.addEventListener('offline', onOffline)

  void dispatch(checkAppVersion())

  let registration: ServiceWorkerRegistration | undefined
  const onVisible = () => {
    // A tab left open for days still learns of new builds when it comes back to the front.
    if (win.document.visibilityState === 'visible') void registration?.update().catch(() => {})
  }
  if (process.env.NODE_ENV === 'production' && 'serviceWorker' in win.navigator) {
    void registerServiceWorker(dispatch, win.navigator.serviceWorker).then((r) => {
      registration = r
    })
    win.document.addEventListener('visibilitychange', onVisible)
  }

  return () => {
    win.removeEventListener('beforeinstallprompt', onBeforeInstallPrompt)
    win.removeEventListener('appinstalled', onInstalled)
    win.removeEventListener('online', onOnline)
    win.removeEventListener('offline', onOffline)
    win.document.removeEventListener('visibilitychange', onVisible)
  }
}
