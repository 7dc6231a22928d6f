/// <reference lib="webworker" />
/**
 * Abal's service worker (built by workbox InjectManifest into /sw.js; spec 1, 2.11).
 *
 * What it keeps: the build's own files only (app shell, every screen's scripts and styles, fonts,
 * locale strings, icons: a signed-in screen opens offline too), precached at install time and replaced as a whole by the next build. Navigations are
 * answered with the cached shell, so /login opens without a network and the app itself says that
 * it is offline.
 *
 * What it never keeps: /api responses and /uploads photos. There is no runtime cache at all, so
 * member data and photos cannot outlive a Logout on this device (a shared church-office computer
 * is the usual case). The client still deletes every non-precache cache on Logout as a backstop.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[]
}
// Replaced at build time (webpack.config.ts): the same id as /version.json's "build".
declare const process: { env: { ABAL_BUILD_ID: string } }

/** Which build this worker belongs to; also what makes every build's sw.js a new worker. */
const BUILD = process.env.ABAL_BUILD_ID

// cleanURLs (workbox's default) answers /login with the precached login.html: the sign-in page
// drawn at build time (docs/decisions/0125). Other navigations get the shell below.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Server-only paths are never answered with the shell (a 404 page must stay a 404).
const NOT_THE_APP = [
  /^\/api(\/|$)/,
  /^\/uploads\//,
  /^\/health$/,
  /^\/version\.json$/,
  /^\/sw\.js$/,
]
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NOT_THE_APP }),
)

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data
  const type = data && typeof data === 'object' ? (data as { type?: unknown }).type : undefined
  // The page asks for this when the user accepts "New version available! Refresh to update?".
  if (type === 'SKIP_WAITING') void self.skipWaiting()
  // For support and tests: which build is this worker?
  if (type === 'GET_BUILD') event.ports[0]?.postMessage({ build: BUILD })
})
