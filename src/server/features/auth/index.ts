// The auth feature's public surface: what app.ts, cli/ and other features may use.
export { LoginThrottle } from './loginThrottle'
export { registerAuth, type RequestUser, signedIn } from './plugin'
export { endAccountSessions } from './repository'
export { createTokenService, resolveJwtSecret } from './tokens'
