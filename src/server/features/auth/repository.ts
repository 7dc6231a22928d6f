// Server-side sessions (issue 23 finding 3): a token is good only while the row its `jti`
// names exists, so logout, a password change or reset, a role change and disabling end tokens
// at once instead of after their 12 hours. Checked on every request by one primary-key read.
import crypto from 'node:crypto'
import { precompile } from '../../db/precompiled'
import type { Db } from '../../db/tables'
import { TOKEN_LIFETIME_MS } from './tokens'

export async function startSession(db: Db, userId: number, now = new Date()): Promise<string> {
  const id = crypto.randomBytes(18).toString('base64url')
  // Expired rows go here rather than in a timer: a sign-in is rare and already costs a hash.
  await db.deleteFrom('sessions').where('expires_at', '<', now.toISOString()).execute()
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS).toISOString(),
    })
    .execute()
  return id
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute()
}

/** Ends every session of an account, or all but `keep` (the one that changed its password). */
export async function endAccountSessions(db: Db, userId: number, keep?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId)
  if (keep) query = query.where('id', '!=', keep)
  await query.execute()
}

/** What a request needs to know of its account, read through its session in one lookup. */
export interface SessionAccount {
  id: number
  username: string
  disabled: number
  role: string
  must_change_password: number
}

const sessionAccount = precompile<{ sessionId: string; userId: number }, SessionAccount>(
  (db, param) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'users.id',
        'users.username',
        'users.disabled',
        'users.role',
        'users.must_change_password',
      ])
      .where('sessions.id', '=', param('sessionId'))
      .where('sessions.user_id', '=', param('userId')),
)

export async function findSessionAccount(
  db: Db,
  sessionId: string,
  userId: number,
): Promise<SessionAccount | undefined> {
  const [row] = await sessionAccount.execute(db, { sessionId, userId })
  return row
}
