import { LOGIN_STYLESHEET_ID } from './loginKey'

/**
 * Switches on the drawn page's link to all of antd's CSS for its components (decision 0335) and
 * resolves once that applies. antd's run-time leaves those components' styles to it; if it cannot
 * load, the link goes and antd makes them itself. Call it before the page's load event can pass.
 */
export function applyDrawnStylesheet(doc: Document = document): Promise<void> {
  const link = doc.getElementById(LOGIN_STYLESHEET_ID)
  if (!(link instanceof HTMLLinkElement)) return Promise.resolve()
  return new Promise((resolve) => {
    const settle = () => {
      if (link.sheet) link.media = 'all'
      else link.remove()
      resolve()
    }
    // A loaded stylesheet has its sheet; a failed one has none once the page has loaded.
    if (link.sheet || doc.readyState === 'complete') return settle()
    link.addEventListener('load', settle, { once: true })
    link.addEventListener('error', settle, { once: true })
    doc.defaultView?.addEventListener('load', settle, { once: true })
  })
}
