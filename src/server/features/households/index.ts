// Households (issue 44): what the rest of the server may use. Dues (per household) build on
// these service functions and on household ids, which are never reused.
export { householdsOfMembers, type MemberHousehold } from './repository'
export {
  householdCounts,
  householdOnMemberDelete,
  householdOnMemberRestore,
  householdOnMemberTransfer,
  householdOnMemberUpdate,
  type ImportedFamily,
  importedHouseholdChanges,
  type ImportingFamily,
  moveAccountHouseholds,
  ownsHouseholds,
  placeImportedFamilies,
} from './service'
