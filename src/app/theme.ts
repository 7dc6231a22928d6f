import { theme, type ThemeConfig } from 'antd'
import type { ThemeMode } from '../features/preferences'
import { STATIC_ANTD_STYLES } from './staticAntdStyles'
import { precomputedAlgorithm } from './themeTokens'

export const PRIMARY_COLOR = '#1976d2'
export const SECONDARY_COLOR = '#dc004e'

// Noto Sans Ethiopic is bundled (no network font): Ge'ez text renders the same on every device.
// Behind it only the platform's UI font and sans-serif: every browser we support knows system-ui,
// and each further name is one more font lookup in the first layout, before the bundled font is
// ready (on Linux a round trip to the browser process).
export const FONT_FAMILY = "'Noto Sans Ethiopic Variable', system-ui, sans-serif"

/** The seed tokens we set; antd's defaults fill in the rest. */
export const THEME_TOKEN = {
  colorPrimary: PRIMARY_COLOR,
  colorError: SECONDARY_COLOR,
  fontFamily: FONT_FAMILY,
  borderRadius: 8,
}

/** antd's own algorithm of each mode, which the precomputed map token is derived with. */
export const baseAlgorithm = (mode: ThemeMode) =>
  mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm

// One function per mode for the app's lifetime: antd caches its theme by the algorithm's identity.
const algorithms = {
  light: precomputedAlgorithm('light', baseAlgorithm('light')),
  dark: precomputedAlgorithm('dark', baseAlgorithm('dark')),
}

/** The class antd puts on each component to scope the theme's CSS variables (`cssVar.key`). */
export const antdThemeClass = (mode: ThemeMode) => `abal-${mode}`

export function themeFor(mode: ThemeMode): ThemeConfig {
  return {
    algorithm: algorithms[mode],
    token: THEME_TOKEN,
    components: {
      Layout: mode === 'dark' ? {} : { headerBg: PRIMARY_COLOR, bodyBg: '#f5f7fa' },
    },
    // The build-time CSS names no hash class, and scopes each theme's variables by this class.
    hashed: false,
    cssVar: { key: antdThemeClass(mode) },
    zeroRuntime: STATIC_ANTD_STYLES,
  }
}
