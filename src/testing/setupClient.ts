import '@testing-library/jest-dom'
import { configure } from '@testing-library/react'
import { loadLanguage } from '../app/i18n/bundles'

// Lists render in React's background (deferred) pass, which yields between cards; antd in jsdom
// on a busy 2-core machine can take more than the default second to finish one.
configure({ asyncUtilTimeout: 5000 })

// jsdom lacks what antd measures with; give it the browser's answers.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => mediaQueryList(query),
  })
}

/** Tests set the viewport width; media queries answer from it like a browser would. */
export function mediaQueryList(query: string): MediaQueryList {
  const width = window.innerWidth
  const max = /max-width:\s*([\d.]+)px/.exec(query)
  const min = /min-width:\s*([\d.]+)px/.exec(query)
  // A device's preferences (reduced motion) are unset, as in a browser nobody has set them in.
  const preference = /prefers-/.test(query)
  const matches =
    !preference && (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]))
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }
}

const originalGetComputedStyle = window.getComputedStyle
window.getComputedStyle = (element: Element) => originalGetComputedStyle(element)

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
;(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= ResizeObserverStub

// rc-select schedules its open/close through MessageChannel, which jsdom lacks.
class TimeoutChannel {
  port1: { onmessage: (() => void) | null } = { onmessage: null }
  port2 = { postMessage: () => setTimeout(() => this.port1.onmessage?.(), 0) }
}
;(globalThis as { MessageChannel?: unknown }).MessageChannel ??= TimeoutChannel

window.scrollTo = () => undefined
HTMLElement.prototype.scrollIntoView ??= () => undefined

afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

// English is a chunk of its own in the build; tests render in it from the first frame, as they
// did when it shipped in the entry.
beforeAll(() => loadLanguage('en'))
