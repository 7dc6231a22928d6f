// Who may read and write whose dues: clerks their own members and households, auditors read
// all, admins all.
import { FORBIDDEN, may, ownerScope } from '../accounts'
import type { RequestUser } from '../auth'
import { ApiError } from '../../plugins/errors'
import type { Db } from '../../db/tables'
import {
  findHouseholdDuesBasis,
  findMemberDuesBasis,
  type PayerDues,
  type PayerKey,
} from './ledgerRepository'
import type { HouseholdBasis, MemberBasis } from './ledger'

export const notFound = () => new ApiError(404, 'Not found')
export const forbidden = () => new ApiError(403, FORBIDDEN)

/** A member whose dues the caller may read; another's member is a 404 for a clerk. */
export async function readableMember(db: Db, user: RequestUser, id: number): Promise<MemberBasis> {
  const member = await findMemberDuesBasis(db, id)
  if (!member) throw notFound()
  if (!may(user, 'member.read', { ownerId: member.owner_user_id })) throw notFound()
  return member
}

/** A member the caller may record a payment for: a clerk's own, or any for an admin. */
export async function payableMember(db: Db, user: RequestUser, id: number): Promise<MemberBasis> {
  if (!may(user, 'member.create')) throw forbidden()
  return readableMember(db, user, id)
}

/** Whose payments a list covers: a clerk's own members' and households', or everyone's (null). */
export const paymentOwnerScope = (user: RequestUser): number | null => ownerScope(user, 'all')

/** A household whose dues the caller may read; another's household is a 404 for a clerk. */
export async function readableHousehold(
  db: Db,
  user: RequestUser,
  id: number,
): Promise<HouseholdBasis> {
  const household = await findHouseholdDuesBasis(db, id)
  if (!household) throw notFound()
  if (!may(user, 'household.read', { ownerId: household.owner_user_id })) throw notFound()
  return household
}

/** A household the caller may record a payment for: a clerk's own, or any for an admin. */
export async function payableHousehold(
  db: Db,
  user: RequestUser,
  id: number,
): Promise<HouseholdBasis> {
  if (!may(user, 'member.create')) throw forbidden()
  return readableHousehold(db, user, id)
}

/**
 * The payer of a one-statement read (readPayerDues) if the caller may read its dues, or, with
 * `pay`, record a payment for it; the checks of readableMember and the others above.
 */
export function checkedPayer(
  user: RequestUser,
  column: PayerKey['column'],
  basis: PayerDues['basis'],
  pay = false,
): NonNullable<PayerDues['basis']> {
  if (pay && !may(user, 'member.create')) throw forbidden()
  if (!basis) throw notFound()
  const read = column === 'member_id' ? 'member.read' : 'household.read'
  if (!may(user, read, { ownerId: basis.owner_user_id })) throw notFound()
  return basis
}
