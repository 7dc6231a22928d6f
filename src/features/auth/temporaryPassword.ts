// The one-time password typed at a first sign-in, held in memory only (never in the store or
// storage) so that choosing a new password does not ask for it a second time (issue 42). A
// reload removes the token anyway, so the forced change only follows a sign-in of this page.
let held: { username: string; password: string } | null = null

export function holdTemporaryPassword(username: string, password: string) {
  held = { username, password }
}

/** The one-time password this account signed in with, if this page still holds it. */
export function heldTemporaryPassword(username: string | undefined): string | null {
  return held && username !== undefined && held.username === username ? held.password : null
}

export function forgetTemporaryPassword() {
  held = null
}
