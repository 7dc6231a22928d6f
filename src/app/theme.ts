import { theme, type ThemeConfig } from 'antd'
import type { ThemeMode } from '../features/preferences'
import { STATIC_ANTD_STYLES } from './staticAntdStyles'

export const PRIMARY_COLOR = '#1976d2'
export const SECONDARY_COLOR = '#dc004e'

// Noto Sans Ethiopic is bundled (no network font): Ge'ez text renders the same on every device.
export const FONT_FAMILY =
  "'Noto Sans Ethiopic Variable', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"

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
