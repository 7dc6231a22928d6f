// What a phone number looks like (issue 42): one rule for the wizard, the edit screen, imports
// and the server, through the member schema.

/** Digits with an optional leading +, and the spaces, dashes and brackets people write. */
const PHONE_CHARACTERS = /^\+?[\d\s\-()]+$/
export const PHONE_MIN_DIGITS = 7
export const PHONE_MAX_DIGITS = 15

/**
 * Whether a typed phone number is plausible: 7–15 digits in the allowed characters, and an
 * Ethiopian mobile whole in each common form (09…/07… with 10 digits, 2519…/+2517… with 12).
 */
export function isPlausiblePhone(text: string): boolean {
  const trimmed = text.trim()
  if (!PHONE_CHARACTERS.test(trimmed)) return false
  const digits = trimmed.replace(/\D/g, '')
  if (digits.length < PHONE_MIN_DIGITS || digits.length > PHONE_MAX_DIGITS) return false
  const international = trimmed.startsWith('+')
  if (!international && /^0[79]/.test(digits)) return digits.length === 10
  if (/^251[79]/.test(digits)) return digits.length === 12
  return true
}
