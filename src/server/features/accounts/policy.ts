// Who may do what (issue 25): the one place where an account's role meets an action and a
// record. Routes and services ask here; roleMatrix.test.ts checks it directly and route by route.
import { canWrite, readsAllMembers, type Role, ROLES } from '../../../domain'
import { ApiError } from '../../plugins/errors'

export const FORBIDDEN = 'Your role does not allow this'

/** The account asking (a request's signed-in user fits). */
export interface Caller {
  id: number
  role: Role
}

/** A member the action touches, known by whose it is (undefined: deleted, in the history only). */
export interface MemberRecord {
  ownerId: number | undefined
}

const WRITERS = ROLES.filter(canWrite)

/** Which roles may attempt each action at all; the record can narrow it further (see may). */
export const GRANTS = {
  /** One member, a list, a search, an export or the dashboard over an owner's members. */
  'member.read': ROLES,
  'member.create': WRITERS,
  'member.update': WRITERS,
  'member.delete': WRITERS,
  'member.transfer': WRITERS,
  'member.import': WRITERS,
  /** The whole history and its export (a member's own history is member.read). */
  'history.read': ['admin', 'auditor'],
  /** The account list with roles and states. */
  'accounts.read': ['admin', 'auditor'],
  /** Create, change, reset, empty and remove accounts. */
  'accounts.manage': ['admin'],
  'restoreBin.manage': ['admin'],
  /** A household (issue 44), its list and the dashboard's count, read like its members. */
  'household.read': ROLES,
  /** Create, change, delete one's own household; put one's own members in or out of it. */
  'household.write': WRITERS,
  /** Hand a household with its members over: one's own, or any account's for an admin. */
  'household.transfer': WRITERS,
  /** The church profile (issue 46). */
  'church.manage': ['admin'],
  /** Funds, rates, voids and waivers (issue 46); recording a payment is member.update-like. */
  'dues.manage': ['admin'],
  /** Void a payment of an open day: one's own recording, or any for an admin (decision 0230). */
  'payment.void': WRITERS,
  /** A day's cash-up: one's own, or every account's for those who read all members. */
  'cashDay.read': ROLES,
  /** Close a day's cash-up: one's own, or any account's for an admin. */
  'cashDay.close': WRITERS,
} as const satisfies Record<string, readonly Role[]>

export type Action = keyof typeof GRANTS

/**
 * May this account do this, to this record? Without a record: may its role try at all. With a
 * member: reading needs one's own or a role that reads every account's; changing needs one's
 * own; an admin hands over any account's member.
 */
export function may(caller: Caller, action: Action, record?: MemberRecord): boolean {
  if (!(GRANTS[action] as readonly Role[]).includes(caller.role)) return false
  if (!record) return true
  const own = record.ownerId === caller.id
  switch (action) {
    case 'member.read':
    case 'household.read':
    case 'cashDay.read':
      return own || readsAllMembers(caller.role)
    case 'member.transfer':
    case 'household.transfer':
    case 'payment.void':
    case 'cashDay.close':
      return own || caller.role === 'admin'
    case 'member.update':
    case 'member.delete':
    case 'household.write':
      return own
    default:
      return true
  }
}

/**
 * Whose members a list, search, export or the dashboard covers: the caller's, one account's
 * (`owner=<id>`), or everyone's (`owner=all`, null). An account that reads only its own
 * members (a clerk) always gets its own.
 */
export function ownerScope(caller: Caller, requested: string | undefined): number | null {
  if (!readsAllMembers(caller.role)) return caller.id
  const value = requested?.trim() ?? ''
  if (value === '' || value === 'mine') return caller.id
  if (value === 'all') return null
  if (/^\d{1,9}$/.test(value) && Number(value) > 0) return Number(value)
  throw new ApiError(400, 'Validation failed', { owner: 'invalidValue' })
}
