// The restoreBin feature's public surface: what app.ts, cli/ and other features may use.
export { keepDeletedMember } from './repository'
export { schedulePurge } from './service'
