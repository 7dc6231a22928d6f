// The health feature's public surface: what app.ts, cli/ and other features may use. Its
// routes are registered by app.ts from routes.ts.
export type { AppVersion } from './routes'
