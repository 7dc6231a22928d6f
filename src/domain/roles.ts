// Staff roles (issue 25), shared by the server's checks and the client's menus.

/** admin runs the accounts; clerk registers members; auditor reads everything, changes nothing. */
export const ROLES = ['admin', 'clerk', 'auditor'] as const
export type Role = (typeof ROLES)[number]

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value)

/** Admins and auditors read every account's members; clerks only their own. */
export const readsAllMembers = (role: Role) => role === 'admin' || role === 'auditor'

/** Auditors change nothing. */
export const canWrite = (role: Role) => role !== 'auditor'

/** Accounts members can be transferred to: an auditor could neither edit nor delete them. */
export const canOwnMembers = (role: string) => role === 'admin' || role === 'clerk'

/** The shortest password any account may have (CLI, first admin and the app alike). */
export const MIN_PASSWORD_LENGTH = 10
/** The longest password POST /api/login accepts, so no account can get one it cannot use. */
export const MAX_PASSWORD_LENGTH = 1000
