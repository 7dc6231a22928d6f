import { isAnyOf, type ListenerMiddlewareInstance } from '@reduxjs/toolkit'
import { loggedOut, sessionExpired } from '../../app/sessionEvents'
import { INSTALL_BANNER_DISMISSED_KEY, INSTALL_PROMPT_DISMISSED_KEY } from './deviceFacts'
import { installPromptRegistry, waitingWorkerRegistry } from './deviceRegistry'
import { pwaActions, type PwaState } from './pwaSlice'

/** Spec 9.6: the install dialog appears 3 s after the browser offers installation. */
export const INSTALL_DIALOG_DELAY_MS = 3000

export interface PwaListenerDeps {
  reload?: () => void
  local?: () => Storage
  session?: () => Storage
  cacheStorage?: () => CacheStorage | undefined
  serviceWorker?: () => ServiceWorkerContainer | undefined
}

/**
 * Deletes every Cache Storage cache except workbox's precache (the build's own files). The
 * service worker keeps no runtime cache, so this finds nothing today; it is the backstop that
 * keeps member data and photos off the device after Logout if someone adds one.
 */
export async function deleteSessionCaches(cacheStorage: CacheStorage | undefined) {
  if (!cacheStorage) return
  const names = await cacheStorage.keys()
  await Promise.all(
    names
      .filter((name) => !name.startsWith('workbox-precache'))
      .map((name) => cacheStorage.delete(name)),
  )
}

export function registerPwaListeners(
  listeners: ListenerMiddlewareInstance<{ pwa: PwaState }>,
  {
    reload = () => window.location.reload(),
    local = () => localStorage,
    session = () => sessionStorage,
    cacheStorage = () => (typeof caches === 'undefined' ? undefined : caches),
    serviceWorker = () => (typeof navigator === 'undefined' ? undefined : navigator.serviceWorker),
  }: PwaListenerDeps = {},
) {
  // The browser offered installation (or this is iOS, where it never will): the dialog is due soon.
  listeners.startListening({
    actionCreator: pwaActions.promptOffered,
    effect: (_action, { dispatch }) => {
      dispatch(pwaActions.dialogScheduled())
    },
  })
  listeners.startListening({
    actionCreator: pwaActions.started,
    effect: (action, { dispatch }) => {
      if (action.payload.ios && !action.payload.standalone) dispatch(pwaActions.dialogScheduled())
    },
  })
  listeners.startListening({
    actionCreator: pwaActions.dialogScheduled,
    effect: async (_action, { dispatch, getState, delay }) => {
      if (getState().pwa.dialog !== 'scheduled') return
      await delay(INSTALL_DIALOG_DELAY_MS)
      dispatch(pwaActions.dialogDue())
    },
  })
  listeners.startListening({
    actionCreator: pwaActions.maybeLaterPressed,
    effect: () => session().setItem(INSTALL_PROMPT_DISMISSED_KEY, 'true'),
  })
  listeners.startListening({
    actionCreator: pwaActions.bannerDismissed,
    effect: () => local().setItem(INSTALL_BANNER_DISMISSED_KEY, 'true'),
  })
  listeners.startListening({
    actionCreator: pwaActions.installNowPressed,
    effect: (_action, { dispatch, getState }) => {
      if (getState().pwa.install === 'offered') dispatch(pwaActions.installRequested())
    },
  })
  listeners.startListening({
    actionCreator: pwaActions.installRequested,
    effect: async (_action, { dispatch, getState }) => {
      if (getState().pwa.install !== 'prompting') return
      const prompt = installPromptRegistry.take()
      try {
        if (prompt) {
          await prompt.prompt()
          await prompt.userChoice
        }
      } finally {
        // Accepted installs also fire appinstalled; either way this event is spent.
        dispatch(pwaActions.promptAnswered())
      }
    },
  })
  // "New version available! Refresh to update?" accepted: the waiting worker takes over, then reload.
  listeners.startListening({
    actionCreator: pwaActions.updateAccepted,
    effect: () => {
      const worker = waitingWorkerRegistry.get()
      const container = serviceWorker()
      if (!worker || !container) {
        reload()
        return
      }
      container.addEventListener('controllerchange', () => reload(), { once: true })
      worker.postMessage({ type: 'SKIP_WAITING' })
    },
  })
  // Either way the session ends, nothing of it stays in Cache Storage.
  listeners.startListening({
    matcher: isAnyOf(loggedOut, sessionExpired),
    effect: async () => {
      await deleteSessionCaches(cacheStorage())
    },
  })
}
