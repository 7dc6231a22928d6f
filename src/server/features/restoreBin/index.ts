// The restoreBin feature's public surface: what app.ts, cli/ and other features may use.
export {
  findDeletedMember,
  isPastKeeping,
  KEEP_DELETED_DAYS,
  keepDeletedMember,
  listDeletedMembers,
  restoreDeletedMember,
} from './repository'
export { schedulePurge } from './service'
export { restoreBinRoutes } from './routes'
