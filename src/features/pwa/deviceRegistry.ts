/**
 * The browser objects behind the PWA state. They are not serialisable, so they live here and
 * the store keeps only statuses (ARCHITECTURE.md §2).
 */

/** Chromium's beforeinstallprompt event (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>
}

let deferredPrompt: BeforeInstallPromptEvent | null = null
let waitingWorker: ServiceWorker | null = null

export const installPromptRegistry = {
  keep(event: BeforeInstallPromptEvent) {
    deferredPrompt = event
  },
  /** The event can prompt once; taking it empties the registry. */
  take(): BeforeInstallPromptEvent | null {
    const event = deferredPrompt
    deferredPrompt = null
    return event
  },
}

export const waitingWorkerRegistry = {
  keep(worker: ServiceWorker | null) {
    waitingWorker = worker
  },
  get(): ServiceWorker | null {
    return waitingWorker
  },
}
