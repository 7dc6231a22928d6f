import { PRERENDER_TEMPLATE_PREFIX } from './chooserScript'

/**
 * What a visitor did on the build-time sign-in form (chooserScript.ts) before the app started:
 * the text typed, the field they were in, and whether they already pressed Login or another
 * button. The app's own login screen takes it over on its first render, so nothing is lost when
 * React replaces the prerendered form.
 */
export interface PrerenderedLogin {
  username: string
  password: string
  /** The field to put the caret back in, if the visitor was typing when React took over. */
  focused: 'username' | 'password' | null
  /** Login was pressed (or Enter): the screen signs in as soon as it is ready. */
  submitted: boolean
  /** Another button was pressed: its index among the screen's buttons, to press it again. */
  pendingClick: number | null
}

interface Adopted {
  page: Element
  form: HTMLFormElement
  focused: PrerenderedLogin['focused']
}

let adopted: Adopted | null = null

const fieldName = (target: EventTarget | null): PrerenderedLogin['focused'] => {
  const name = target instanceof HTMLInputElement ? target.name : null
  return name === 'username' || name === 'password' ? name : null
}

/**
 * Called at start-up, before React renders: keeps hold of the prerendered form, if any, and
 * drops index.html's templates, which are of no more use.
 */
export function adoptPrerenderedLogin(root: HTMLElement | null): void {
  for (const template of document.querySelectorAll(
    `template[id^="${PRERENDER_TEMPLATE_PREFIX}"]`,
  )) {
    template.remove()
  }
  const page = root?.firstElementChild ?? null
  const form = page?.querySelector('form') ?? null
  if (!page || !form) return
  const state: Adopted = { page, form, focused: fieldName(document.activeElement) }
  form.addEventListener('focusin', (event) => {
    state.focused = fieldName(event.target)
  })
  form.addEventListener('focusout', (event) => {
    // Moving to another element of the page; a field removed by React fires no focusout here.
    if (event.relatedTarget) state.focused = null
  })
  adopted = state
}

/** The visitor's input on the prerendered form, once; null when there was none. */
export function takePrerenderedLogin(): PrerenderedLogin | null {
  if (!adopted) return null
  const { page, form, focused } = adopted
  adopted = null
  const click = page.getAttribute('data-pending-click')
  const value = (name: string) => {
    const input = form.elements.namedItem(name)
    return input instanceof HTMLInputElement ? input.value : ''
  }
  return {
    username: value('username'),
    password: value('password'),
    focused,
    submitted: form.dataset.submitted === 'true',
    pendingClick: click !== null && /^\d+$/.test(click) ? Number(click) : null,
  }
}
