import { theme, type ThemeConfig } from 'antd'
import type { ThemeMode } from '../features/preferences'

export const PRIMARY_COLOR = '#1976d2'
export const SECONDARY_COLOR = '#dc004e'

// Noto Sans Ethiopic is bundled (no network font): Ge'ez text renders the same on every device.
export const FONT_FAMILY =
  "'Noto Sans Ethiopic Variable', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"

/**
 * antd's component CSS is generated at build time (scripts/antdStaticCss.ts) and sits in the
 * `antd` cascade layer. A browser without cascade layers drops that CSS, so there antd builds
 * its styles at run time as before.
 */
export const STATIC_ANTD_STYLES = typeof globalThis.CSSLayerBlockRule !== 'undefined'

export function themeFor(mode: ThemeMode): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: PRIMARY_COLOR,
      colorError: SECONDARY_COLOR,
      fontFamily: FONT_FAMILY,
      borderRadius: 8,
    },
    components: {
      Layout: mode === 'dark' ? {} : { headerBg: PRIMARY_COLOR, bodyBg: '#f5f7fa' },
    },
    // The build-time CSS names no hash class, and scopes each theme's variables by this class.
    hashed: false,
    cssVar: { key: `abal-${mode}` },
    zeroRuntime: STATIC_ANTD_STYLES,
  }
}
