import type { AppDispatch } from '../../app/store'
import { waitingWorkerRegistry } from './deviceRegistry'
import { pwaActions } from './pwaSlice'

/**
 * Registers /sw.js and reports a new build that has installed and waits (spec 2.11). A plain
 * registration rather than workbox-window: the few lines below are all this needs, and every
 * byte here is in the login route's first load.
 */
export async function registerServiceWorker(
  dispatch: AppDispatch,
  container: ServiceWorkerContainer,
): Promise<ServiceWorkerRegistration | undefined> {
  let registration: ServiceWorkerRegistration
  try {
    registration = await container.register('/sw.js')
  } catch {
    return undefined // offline or blocked: the app works without it
  }
  const announce = (worker: ServiceWorker) => {
    waitingWorkerRegistry.keep(worker)
    dispatch(pwaActions.updateReady())
  }
  // Only an update needs asking: the first install has no page on an older build.
  if (registration.waiting && container.controller) announce(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && container.controller) announce(worker)
    })
  })
  return registration
}
