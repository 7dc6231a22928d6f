// One password policy for every way an account gets a password: the users CLI, the first
// admin (ABAL_ADMIN_PASSWORD) and the app's own password change (issue 23 finding 8).
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../../domain'
import { COMMON_PASSWORDS } from './commonPasswords'

/** Message ids (the client translates them); English text below for the CLI and logs. */
export type PasswordProblem =
  'passwordTooShort' | 'passwordTooLong' | 'passwordBlank' | 'passwordTooCommon'

export const PASSWORD_PROBLEM_TEXT: Record<PasswordProblem, string> = {
  passwordTooShort: `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`,
  passwordTooLong: `The password must have at most ${MAX_PASSWORD_LENGTH} characters.`,
  passwordBlank: 'The password cannot be only spaces.',
  passwordTooCommon: 'That password is one of the most common ones; choose another.',
}

/** What is wrong with a new password, or null when it may be used. */
export function passwordProblem(password: string, username?: string): PasswordProblem | null {
  // Code points, as the login route's JSON schema counts them.
  const length = [...password].length
  if (password.trim() === '') return 'passwordBlank'
  if (length < MIN_PASSWORD_LENGTH) return 'passwordTooShort'
  if (length > MAX_PASSWORD_LENGTH) return 'passwordTooLong'
  const folded = password.trim().toLowerCase()
  if (COMMON_PASSWORDS.has(folded)) return 'passwordTooCommon'
  // One character repeated, or the account's own name, is guessed first.
  if (new Set(folded).size === 1) return 'passwordTooCommon'
  if (username && folded === username.trim().toLowerCase()) return 'passwordTooCommon'
  return null
}
