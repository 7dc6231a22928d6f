import crypto from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/tables'
import { countUsers, insertUser } from '../repositories/users'
import { hashPassword } from './passwords'

export interface BootstrapResult {
  created: boolean
  /** Set only when the password was generated: it is shown once and never stored in clear. */
  generatedPassword?: string
}

/** On a database with no account, create `admin` so the first person can sign in. */
export async function ensureFirstAdmin(
  db: Kysely<Database>,
  configuredPassword: string | undefined,
): Promise<BootstrapResult> {
  if ((await countUsers(db)) > 0) return { created: false }
  const generated = configuredPassword ? undefined : crypto.randomBytes(12).toString('base64url')
  const password = configuredPassword ?? generated!
  await insertUser(db, 'admin', await hashPassword(password))
  return { created: true, generatedPassword: generated }
}
