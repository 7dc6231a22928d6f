// The health feature's public surface: what app.ts, cli/ and other features may use.
export { type AppVersion, healthRoutes } from './routes'
