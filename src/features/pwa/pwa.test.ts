import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit'
import { loggedOut, sessionExpired } from '../../app/sessionEvents'
import { makeStore } from '../../app/store'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import {
  INSTALL_BANNER_DISMISSED_KEY,
  INSTALL_PROMPT_DISMISSED_KEY,
  readDeviceFacts,
} from './deviceFacts'
import {
  installPromptRegistry,
  type BeforeInstallPromptEvent,
  waitingWorkerRegistry,
} from './deviceRegistry'
import { deleteSessionCaches, INSTALL_DIALOG_DELAY_MS, registerPwaListeners } from './pwaListeners'
import pwaSlice, { pwaActions } from './pwaSlice'
import { APP_VERSION_KEY, checkAppVersion } from './versionCheck'

/** A Storage that only this test sees (the app's own localStorage stays untouched). */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial))
  return {
    get length() {
      return data.size
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  }
}

let server: MockServer
beforeEach(() => {
  server = installMockServer()
})
afterEach(() => {
  server.restore()
  jest.useRealTimers()
})

describe('version check (spec 2.11)', () => {
  const serve = (build: string) =>
    server.on('GET', '/version.json', { json: { version: '0.1.0', build } })

  it('stores the version on the first run without reloading', async () => {
    serve('aaa')
    const storage = memoryStorage()
    const reload = jest.fn()
    const { store } = makeStore()
    await store.dispatch(checkAppVersion({ storage, reload, now: () => 1234 }))
    expect(storage.getItem(APP_VERSION_KEY)).toBe('0.1.0+aaa')
    expect(reload).not.toHaveBeenCalled()
    expect(store.getState().pwa.version).toBe('current')
    // A cache-busting query, so no cache on the way answers for the server.
    expect(server.requests[0].search.get('t')).toBe('1234')
  })

  it('does nothing when the version is the stored one', async () => {
    serve('aaa')
    const storage = memoryStorage({ [APP_VERSION_KEY]: '0.1.0+aaa' })
    const reload = jest.fn()
    const { store } = makeStore()
    await store.dispatch(checkAppVersion({ storage, reload }))
    expect(reload).not.toHaveBeenCalled()
    expect(store.getState().pwa.version).toBe('current')
  })

  it('stores the new version and reloads exactly once when it changed', async () => {
    serve('bbb')
    const storage = memoryStorage({ [APP_VERSION_KEY]: '0.1.0+aaa' })
    const reload = jest.fn()
    const first = makeStore().store
    await first.dispatch(checkAppVersion({ storage, reload }))
    expect(storage.getItem(APP_VERSION_KEY)).toBe('0.1.0+bbb')
    expect(reload).toHaveBeenCalledTimes(1)
    expect(first.getState().pwa.version).toBe('changed')
    // The reloaded page (even if still the old build) finds the new value stored: no loop.
    const second = makeStore().store
    await second.dispatch(checkAppVersion({ storage, reload }))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('leaves everything alone when /version.json cannot be fetched (offline)', async () => {
    server.on('GET', '/version.json', 'network-error')
    const storage = memoryStorage({ [APP_VERSION_KEY]: '0.1.0+aaa' })
    const reload = jest.fn()
    const { store } = makeStore()
    await store.dispatch(checkAppVersion({ storage, reload }))
    expect(storage.getItem(APP_VERSION_KEY)).toBe('0.1.0+aaa')
    expect(reload).not.toHaveBeenCalled()
    expect(store.getState().pwa.version).toBe('failed')
  })
})

describe('install dialog and flags (spec 2.4, 3.7, 9.6)', () => {
  const device = {
    standalone: false,
    ios: false,
    bannerDismissed: false,
    promptDismissed: false,
    online: true,
  }
  /** A fresh store on a device with these facts, after the browser offered installation. */
  const offeredOn = (facts: typeof device) => {
    const { store } = makeStore()
    store.dispatch(pwaActions.started(facts))
    store.dispatch(pwaActions.promptOffered())
    return store
  }

  it('opens 3 s after the browser offers installation, not before', async () => {
    jest.useFakeTimers()
    const store = offeredOn(device)
    expect(store.getState().pwa.dialog).toBe('scheduled')
    await jest.advanceTimersByTimeAsync(INSTALL_DIALOG_DELAY_MS - 1)
    expect(store.getState().pwa.dialog).toBe('scheduled')
    await jest.advanceTimersByTimeAsync(1)
    expect(store.getState().pwa.dialog).toBe('open')
  })

  it('does not open when the app already runs standalone', async () => {
    jest.useFakeTimers()
    const store = offeredOn({ ...device, standalone: true })
    await jest.advanceTimersByTimeAsync(10_000)
    expect(store.getState().pwa.dialog).toBe('closed')
  })

  it('Maybe Later sets installPromptDismissed for the session and it is read back on start', async () => {
    jest.useFakeTimers()
    const store = offeredOn(device)
    await jest.advanceTimersByTimeAsync(INSTALL_DIALOG_DELAY_MS)
    store.dispatch(pwaActions.maybeLaterPressed())
    expect(sessionStorage.getItem(INSTALL_PROMPT_DISMISSED_KEY)).toBe('true')
    expect(localStorage.getItem(INSTALL_PROMPT_DISMISSED_KEY)).toBeNull()

    // The next page load in this session: the flag keeps the dialog away.
    const next = offeredOn(readDeviceFacts(window))
    await jest.advanceTimersByTimeAsync(10_000)
    expect(next.getState().pwa.dialog).toBe('closed')
  })

  it('on iOS shows the Add-to-Home-Screen dialog 3 s after start (there is no prompt to wait for)', async () => {
    jest.useFakeTimers()
    const { store } = makeStore()
    store.dispatch(pwaActions.started({ ...device, ios: true }))
    await jest.advanceTimersByTimeAsync(INSTALL_DIALOG_DELAY_MS)
    expect(store.getState().pwa.dialog).toBe('open')
  })

  it('closing the banner stores installBannerDismissed for good', () => {
    const { store } = makeStore()
    store.dispatch(pwaActions.bannerDismissed())
    expect(localStorage.getItem(INSTALL_BANNER_DISMISSED_KEY)).toBe('true')
    expect(readDeviceFacts(window).bannerDismissed).toBe(true)
  })

  it('Install Now uses the browser prompt once', async () => {
    const prompt = jest.fn(async () => undefined)
    const event = {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const, platform: 'web' }),
    } as unknown as BeforeInstallPromptEvent
    installPromptRegistry.keep(event)
    const store = offeredOn(device)
    store.dispatch(pwaActions.installNowPressed())
    await Promise.resolve()
    await Promise.resolve()
    expect(prompt).toHaveBeenCalledTimes(1)
    await new Promise((r) => setTimeout(r, 0))
    expect(store.getState().pwa.install).toBe('unavailable')
    expect(installPromptRegistry.take()).toBeNull()
  })
})

describe('update prompt and logout', () => {
  it('Refresh asks the waiting worker to take over, then reloads on controllerchange', () => {
    const worker = { postMessage: jest.fn() } as unknown as ServiceWorker
    waitingWorkerRegistry.keep(worker)
    const container = new EventTarget() as ServiceWorkerContainer
    const reload = jest.fn()
    const listeners = createListenerMiddleware()
    registerPwaListeners(listeners as never, { reload, serviceWorker: () => container })
    const store = configureStore({
      reducer: { pwa: pwaSlice.reducer },
      middleware: (getDefault) => getDefault().prepend(listeners.middleware),
    })
    store.dispatch(pwaActions.updateReady())
    expect(store.getState().pwa.update).toBe('available')
    store.dispatch(pwaActions.updateAccepted())
    expect(store.getState().pwa.update).toBe('applying')
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' })
    expect(reload).not.toHaveBeenCalled()
    container.dispatchEvent(new Event('controllerchange'))
    expect(reload).toHaveBeenCalledTimes(1)
    waitingWorkerRegistry.keep(null)
  })

  it('Logout deletes every cache but the precache', async () => {
    const names = ['workbox-precache-v2-http://x/', 'api-responses', 'photos']
    const deleted: string[] = []
    const cacheStorage = {
      keys: async () => names,
      delete: async (name: string) => {
        deleted.push(name)
        return true
      },
    } as unknown as CacheStorage
    await deleteSessionCaches(cacheStorage)
    expect(deleted).toEqual(['api-responses', 'photos'])
  })

  // An expired session empties the caches too: the office computer is left signed out.
  it.each([
    ['logout', loggedOut],
    ['expired session', sessionExpired],
  ] as const)('the %s event reaches the cache cleanup', async (_event, sessionEnded) => {
    const deleted: string[] = []
    ;(globalThis as { caches?: unknown }).caches = {
      keys: async () => ['runtime-members'],
      delete: async (name: string) => deleted.push(name) > 0,
    }
    const { store } = makeStore()
    store.dispatch(sessionEnded())
    await new Promise((r) => setTimeout(r, 0))
    expect(deleted).toEqual(['runtime-members'])
    delete (globalThis as { caches?: unknown }).caches
  })
})
