// The stats feature's public surface: what app.ts, cli/ and other features may use.
export { statsRoutes } from './routes'
