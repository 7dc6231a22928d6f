/**
 * Spec 2.10 "Clear Cache & Reload": local and session storage, every Cache Storage cache and
 * the service worker go, then the page reloads from the network.
 */
export async function clearDeviceDataAndReload(win: Window = window): Promise<void> {
  win.localStorage.clear()
  win.sessionStorage.clear()
  if ('caches' in win) {
    const names = await win.caches.keys()
    await Promise.all(names.map((name) => win.caches.delete(name)))
  }
  if ('serviceWorker' in win.navigator) {
    const registrations = await win.navigator.serviceWorker.getRegistrations()
    await Promise.all(registrations.map((r) => r.unregister()))
  }
  win.location.reload()
}
