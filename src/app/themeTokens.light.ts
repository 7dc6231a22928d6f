import type { PrecomputedMapToken } from './themeTokens'

// A webpack build replaces this module with antd's light tokens (scripts/theme-tokens-loader.cjs).
// Under jest or ts-node it stays null, and antd works the token out at run time as usual.
const precomputed: PrecomputedMapToken | null = null
export default precomputed
