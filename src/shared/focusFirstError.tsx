import { useFormikContext } from 'formik'
import { type RefObject, useEffect, useRef } from 'react'
import { REDUCED_MOTION_QUERY } from './useMediaQuery'

const CONTROL =
  'input:not([type=hidden]):not([disabled]), textarea:not([disabled]), [role=combobox], [tabindex]:not([tabindex="-1"])'

/**
 * Scrolls to the first field under `root` that shows an error and focuses its control (issue
 * 42: a phone shows one field at a time, and the error may be far below). False when none.
 */
export function focusFirstError(root: ParentNode | null | undefined): boolean {
  const items = Array.from(root?.querySelectorAll<HTMLElement>('.ant-form-item-has-error') ?? [])
  // A field in a hidden tab cannot take the focus: the first one shown.
  const item = items.find((el) => !el.closest('[hidden]')) ?? items[0]
  if (!item) return false
  const reduce = window.matchMedia?.(REDUCED_MOTION_QUERY).matches
  item.scrollIntoView?.({ block: 'center', behavior: reduce ? 'auto' : 'smooth' })
  item.querySelector<HTMLElement>(CONTROL)?.focus({ preventScroll: true })
  return true
}

/** The same, two frames on: after whatever the errors change on screen (a tab shown) is drawn. */
export function focusFirstErrorSoon(root: RefObject<HTMLElement | null>) {
  requestAnimationFrame(() => requestAnimationFrame(() => focusFirstError(root.current)))
}

/**
 * In a <Formik> form: after a submit that validation stopped, the first error comes into view
 * and takes the focus. Draws nothing, so the form does not follow every key for it.
 */
export function FocusFirstErrorOnSubmit({ root }: { root: RefObject<HTMLElement | null> }) {
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext()
  const handledAttempt = useRef(0)
  useEffect(() => {
    // Once per stopped submit, not again while the user fixes the fields.
    if (isValidating || isSubmitting || submitCount === handledAttempt.current) return
    handledAttempt.current = submitCount
    if (Object.keys(errors as object).length > 0) focusFirstErrorSoon(root)
  }, [submitCount, isSubmitting, isValidating, errors, root])
  return null
}
