import type { AuthUser } from '../features/auth'

/** The signed-in accounts the screen tests sign in as, one of each role. */
export const admin: AuthUser = { id: 1, username: 'admin', role: 'admin' }
export const clerk: AuthUser = { id: 2, username: 'clerk', role: 'clerk' }
export const auditor: AuthUser = { id: 3, username: 'auditor', role: 'auditor' }
