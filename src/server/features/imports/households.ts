// An import's family id, family name and family role columns place the members it stored in
// households (issues 44 and 45): one household per distinct family id of the file.
import { type HouseholdDetails, isHouseholdRole } from '../../../domain'
import type { Db } from '../../db/tables'
import { type ImportedFamily, placeImportedFamilies } from '../households'

export interface HouseholdPlacement {
  memberId: number
  /** The row's family key (ChurchCRM's fam_ID, else the household number): one household each. */
  familyId: string
  /** The household number (a parish's family card number) as the file wrote it, if any. */
  familyNumber: string | null
  /** The household's name as the file wrote it, if it has a column for it. */
  familyName: string | null
  /** head, spouse, child, relative or other; null when the file gives no role. */
  role: string | null
  /** The household's own fields the row's filled cells give. */
  details?: Partial<HouseholdDetails>
  /** A duplicate row left out on "skip": its member shows where the family lives, unchanged. */
  skipped?: boolean
}

/**
 * Called once per commit, inside its transaction, with every stored row that has a family id.
 * A family's name is the first one its rows give; without one the household service proposes
 * it from the head. With `updateHouseholds`, a household the family joins takes the filled
 * cells of its own fields. Returns how many households were created and members placed.
 */
export async function placeInHouseholds(
  trx: Db,
  actor: { id: number; username: string },
  ownerId: number,
  placements: readonly HouseholdPlacement[],
  options: { updateHouseholds?: boolean } = {},
): Promise<{ households: number; placed: number }> {
  const families = new Map<string, ImportedFamily>()
  for (const placement of placements) {
    let family = families.get(placement.familyId)
    if (!family) {
      family = { name: null, number: null, members: [] }
      families.set(placement.familyId, family)
    }
    family.name ??= placement.familyName
    family.number ??= placement.familyNumber
    family.members.push({
      memberId: placement.memberId,
      role: isHouseholdRole(placement.role) ? placement.role : null,
      details: placement.details,
      skipped: placement.skipped,
    })
  }
  return placeImportedFamilies(trx, actor, ownerId, [...families.values()], options)
}
