// Signing in and out and changing one's own password: each use case owns its transaction and
// its history event. The sign-in route keeps what is HTTP: the throttle, the queue, the token.
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database, UserRow } from '../../db/tables'
import { ApiError } from '../../plugins/errors'
import {
  findUserByUsername,
  hashPassword,
  PASSWORD_PROBLEM_TEXT,
  passwordProblem,
  recordSignIn,
  updatePassword,
  verifyPassword,
} from '../accounts'
import { recordEvent, SYSTEM_ACTOR } from '../history'
import { endAccountSessions, endSession, startSession } from './repository'

/** The signed-in account a use case runs for, with the session its token names. */
export interface SessionUser {
  id: number
  username: string
  sessionId: string
}

/** The account of a username and whether the password is its own (an argon2 check). */
export async function checkCredentials(
  db: Kysely<Database>,
  username: string,
  password: string,
): Promise<{ user: UserRow | undefined; ok: boolean }> {
  const user = await findUserByUsername(db, username)
  return { user, ok: await verifyPassword(user?.password_hash, password) }
}

/** 12 hex digits of the username's SHA-256: enough to tell repeated attempts apart in a log. */
export function usernameDigest(username: string): string {
  return createHash('sha256').update(username.trim().toLowerCase()).digest('hex').slice(0, 12)
}

/**
 * A refused sign-in in the history: it names the account tried, never the password; an
 * unknown name only by a hash prefix, since a password typed into the wrong field would
 * otherwise be kept.
 */
export async function recordRefusedSignIn(
  db: Kysely<Database>,
  user: UserRow | undefined,
  typedUsername: string,
): Promise<void> {
  await db.transaction().execute((trx) =>
    recordEvent(trx, {
      actor: SYSTEM_ACTOR,
      action: 'sign_in_refused',
      subjectUserId: user?.id ?? null,
      details: user
        ? { username: user.username, reason: user.disabled ? 'disabled' : 'password' }
        : { reason: 'unknown', username_sha256: usernameDigest(typedUsername) },
    }),
  )
}

/** Opens a session for an account whose password was checked; returns the session's id. */
export async function signIn(
  db: Kysely<Database>,
  user: Pick<UserRow, 'id' | 'username'>,
  now = new Date(),
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const id = await startSession(trx, user.id, now)
    await recordSignIn(trx, user.id, now)
    await recordEvent(trx, {
      actor: { id: user.id, username: user.username },
      action: 'sign_in',
      subjectUserId: user.id,
      at: now,
    })
    return id
  })
}

/** Ends this token's session on the server: the token is refused from now on. */
export async function signOut(db: Kysely<Database>, user: SessionUser): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await endSession(trx, user.sessionId)
    await recordEvent(trx, {
      actor: { id: user.id, username: user.username },
      action: 'sign_out',
      subjectUserId: user.id,
    })
  })
}

/**
 * Replaces the account's own password after checking the current one and the policy. This
 * device stays signed in; every other session of the account ends.
 */
export async function changeOwnPassword(
  db: Kysely<Database>,
  user: SessionUser,
  current: string,
  next: string,
): Promise<void> {
  const stored = await findUserByUsername(db, user.username)
  if (!stored || !(await verifyPassword(stored.password_hash, current))) {
    // A retry whose first answer was lost: the change is already stored, so it answers as then.
    // Other sessions were ended by that change; any opened since used the new password, so keep them.
    if (
      stored &&
      !stored.must_change_password &&
      (await verifyPassword(stored.password_hash, next))
    ) {
      return
    }
    throw new ApiError(400, 'The current password is not correct', {
      current_password: 'currentPasswordWrong',
    })
  }
  const problem = passwordProblem(next, user.username)
  if (problem) {
    throw new ApiError(400, PASSWORD_PROBLEM_TEXT[problem], { new_password: problem })
  }
  if (next === current) {
    throw new ApiError(400, 'The new password must differ from the current one', {
      new_password: 'passwordUnchanged',
    })
  }
  const passwordHash = await hashPassword(next)
  await db.transaction().execute(async (trx) => {
    await updatePassword(trx, user.id, passwordHash)
    await endAccountSessions(trx, user.id, user.sessionId)
    await recordEvent(trx, {
      actor: { id: user.id, username: user.username },
      action: 'account_password_change',
      subjectUserId: user.id,
    })
  })
}
