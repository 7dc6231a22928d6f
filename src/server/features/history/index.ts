// The history feature's public surface: what app.ts, cli/ and other features may use.
export {
  type Actor,
  memberChanges,
  type NewEvent,
  recordEvent,
  recordEvents,
  repeatsHouseholdTransfer,
  repeatsMemberTransfer,
  anchorsIn,
  appendEventsQuery,
  type ChainAnchor,
  checkAnchor,
  formatAnchor,
  SYSTEM_ACTOR,
  verifyChain,
} from './service'
export { CHAIN_LOCK } from './repository'
