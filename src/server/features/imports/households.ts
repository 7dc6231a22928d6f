// INTEGRATION POINT with households (issue 44): an import's family id and family role columns
// place the members it stored in households, one household per distinct family id of the file.
import type { Db } from '../../db/tables'

export interface HouseholdPlacement {
  memberId: number
  /** The family id as the file wrote it (ChurchCRM's fam_ID): equal ids, one household. */
  familyId: string
  /** head, spouse, child, relative or other; null when the file gives no role. */
  role: string | null
}

/**
 * Called once per commit, inside its transaction, with every stored row that has a family id.
 * Households are not in this build yet, so nothing is placed; the family columns are read,
 * their roles mapped and checked in the preview, and arrive here ready for the household service.
 * Returns how many members were placed.
 */
export async function placeInHouseholds(
  trx: Db,
  ownerId: number,
  placements: readonly HouseholdPlacement[],
): Promise<number> {
  void trx
  void ownerId
  void placements
  return 0
}
