/**
 * antd's component CSS and its CSS variables (both themes) are generated at build time
 * (scripts/antdStaticCss.ts) and sit in the `antd` cascade layer. A browser without cascade
 * layers drops that CSS, so there antd builds its styles at run time as before.
 */
export const STATIC_ANTD_STYLES = typeof globalThis.CSSLayerBlockRule !== 'undefined'
