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

  // The version check and the service worker each start in a task of their own: inside the
  // first render's commit, their first calls lengthened the longest task of a cold start.
  const versionCheck = win.setTimeout(() => void dispatch(checkAppVersion()), 0)

  let registration: ServiceWorkerRegistration | undefined
  const onVisible = () => {
    // A tab left open for days still learns of new builds when it comes back to the front.
    if (win.document.visibilityState === 'visible') void registration?.update().catch(() => {})
  }
  let workerStart: number | undefined
  if (process.env.NODE_ENV === 'production' && 'serviceWorker' in win.navigator) {
    const { serviceWorker } = win.navigator
    workerStart = win.setTimeout(() => {
      void registerServiceWorker(dispatch, serviceWorker).then((r) => {
        registration = r
      })
    }, 0)
    win.document.addEventListener('visibilitychange', onVisible)
  }

  return () => {
    win.clearTimeout(versionCheck)
    win.clearTimeout(workerStart)
    win.removeEventListener('beforeinstallprompt', onBeforeInstallPrompt)
    win.removeEventListener('appinstalled', onInstalled)
    win.removeEventListener('online', onOnline)
    win.removeEventListener('offline', onOffline)
    win.document.removeEventListener('visibilitychange', onVisible)
  }
}
