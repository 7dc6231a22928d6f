import crypto from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/tables'
import { countUsers, insertUser } from './repository'
import { recordEvent, SYSTEM_ACTOR } from '../history'
import { PASSWORD_PROBLEM_TEXT, passwordProblem } from './passwordPolicy'
import { hashPassword } from './passwords'

export interface BootstrapResult {
  created: boolean
  /** Set only when the password was generated: it is shown once and never stored in clear. */
  generatedPassword?: string
}

/**
 * On a database with no account, create the admin `admin` so the first person can sign in.
 * ABAL_ADMIN_PASSWORD must meet the password policy (the server refuses to start otherwise).
 */
export async function ensureFirstAdmin(
  db: Kysely<Database>,
  configuredPassword: string | undefined,
): Promise<BootstrapResult> {
  if ((await countUsers(db)) > 0) return { created: false }
  if (configuredPassword !== undefined) {
    const problem = passwordProblem(configuredPassword, 'admin')
    if (problem) throw new Error(`ABAL_ADMIN_PASSWORD: ${PASSWORD_PROBLEM_TEXT[problem]}`)
  }
  const generated = configuredPassword ? undefined : crypto.randomBytes(12).toString('base64url')
  const password = configuredPassword ?? generated!
  const passwordHash = await hashPassword(password)
  await db.transaction().execute(async (trx) => {
    const user = await insertUser(trx, 'admin', passwordHash, { role: 'admin' })
    await recordEvent(trx, {
      actor: SYSTEM_ACTOR,
      action: 'account_create',
      subjectUserId: user.id,
      details: { username: 'admin', role: 'admin' },
    })
  })
  return { created: true, generatedPassword: generated }
}
