// One rule for usernames: the users CLI, POST /api/admin/users and the Accounts screen's form.

export const MAX_USERNAME_LENGTH = 100
// Letters and digits of any script (Ge'ez included), their combining marks, and . _ -
const USERNAME_PATTERN = /^[\p{L}\p{M}\p{N}._-]+$/u

export type UsernameProblem = 'usernameEmpty' | 'usernameTooLong' | 'invalidUsername'

/** Trimmed and NFC-normalised, so "é" typed two ways is one name. */
export const normaliseUsername = (raw: string): string => raw.trim().normalize('NFC')

/** What is wrong with a (raw) username, as a message id, or null when it is acceptable. */
export function usernameProblem(raw: string): UsernameProblem | null {
  const name = normaliseUsername(raw)
  if (!name) return 'usernameEmpty'
  if ([...name].length > MAX_USERNAME_LENGTH) return 'usernameTooLong'
  if (!USERNAME_PATTERN.test(name)) return 'invalidUsername'
  return null
}
