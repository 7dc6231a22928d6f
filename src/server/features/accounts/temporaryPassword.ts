import crypto from 'node:crypto'

/**
 * The letters of a one-time password: Latin letters and digits without those read aloud or
 * copied by hand for one another (I, l, 1, O, 0), nor punctuation a clerk must hunt for.
 */
export const TEMPORARY_PASSWORD_ALPHABET =
  'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'

/** 13 letters drawn uniformly from 56: 75 bits, shown once and replaced at first sign-in. */
export const TEMPORARY_PASSWORD_LENGTH = 13

export function temporaryPassword(): string {
  let password = ''
  for (let i = 0; i < TEMPORARY_PASSWORD_LENGTH; i++) {
    password += TEMPORARY_PASSWORD_ALPHABET[crypto.randomInt(TEMPORARY_PASSWORD_ALPHABET.length)]
  }
  return password
}
