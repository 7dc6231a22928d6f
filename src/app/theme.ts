import { theme, type ThemeConfig } from 'antd'
import type { ThemeMode } from '../features/preferences'

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

const LIGHT_CONTRAST = {
  colorLink: '#1565c0',
  // Hover states too: antd lightens them, to 3.3:1 for white on a primary button and 2.9:1
  // for a hovered link on white; these keep 4.5:1 or more.
  colorPrimaryHover: '#1565c0',
  colorLinkHover: '#0d47a1',
  colorErrorHover: '#b80042',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
}
const DARK_CONTRAST = {
  colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
  colorTextDescription: 'rgba(255, 255, 255, 0.6)',
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
  colorTextQuaternary: 'rgba(255, 255, 255, 0.45)',
  colorLink: '#5ea8f2',
  // antd's dark hover and active links are darker than the link (2.2:1 on #141414); the
  // primary hover is kept dark enough for white text (4.8:1).
  colorLinkHover: '#8dc5f8',
  colorLinkActive: '#5ea8f2',
  colorPrimaryHover: '#2a74c0',
  // antd mixes the seed with the dark background: this seed gives an error text of 5.2:1 on
  // #141414, where #dc004e gave 2.9:1 (form messages, danger buttons, the danger zone).
  colorError: '#ff6b8f',
}

/**
 * Tag text is the palette's 7th shade on its 1st; where that pair falls under 4.5:1 the darker
 * (light theme) or lighter (dark theme) shade of the same hue, 4.5:1 or more.
 */
const LIGHT_TAG = {
  green7: '#237804',
  gold7: '#874d00',
  orange7: '#ad4e00',
  cyan7: '#006d75',
  volcano7: '#ad2102',
  lime7: '#3f6600',
}
const DARK_TAG = { geekblue7: '#7f9ef3', purple7: '#ab7ae0' }

/** The class antd puts on each component to scope the theme's CSS variables (`cssVar.key`). */
export const antdThemeClass = (mode: ThemeMode) => `abal-${mode}`

/**
 * `reducedMotion`: the device asks for less motion; antd's documented `motion` token then turns
 * its animations off (modals, drawers and menus open and close at once).
 */
export function themeFor(mode: ThemeMode, reducedMotion = false): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    // antd's lightest greys (secondary text, placeholders, waiting steps) fall below WCAG AA's
    // 4.5:1 on white or near-black; the axe browser test checks these (issue 28).
    token: {
      ...THEME_TOKEN,
      ...(mode === 'dark' ? DARK_CONTRAST : LIGHT_CONTRAST),
      motion: !reducedMotion,
    },
    components: {
      Layout: mode === 'dark' ? {} : { headerBg: PRIMARY_COLOR, bodyBg: '#f5f7fa' },
      Tag: mode === 'dark' ? DARK_TAG : LIGHT_TAG,
      // A field's warning ("this birth date is in the future") in antd's light warning colour
      // is 1.9:1 on white; this amber is 5.2:1. The dark theme's (#d89614) is 6.2:1 already.
      Form: mode === 'dark' ? {} : { colorWarning: '#a15c00' },
      // The dark error colour is light enough for text, so a solid danger button takes dark
      // text; a hovered default button's text would be the primary hover, too dark on near-black.
      Button:
        mode === 'dark'
          ? {
              dangerColor: '#141414',
              defaultHoverColor: '#8dc5f8',
              defaultHoverBorderColor: '#8dc5f8',
            }
          : {},
    },
    // Each theme's CSS variables are scoped by a class of its own (antd's CSS-variable mode).
    cssVar: { key: antdThemeClass(mode) },
    // jsdom draws nothing: tests skip building antd's CSS (antd 6's documented zero-runtime mode).
    zeroRuntime: process.env.NODE_ENV === 'test',
  }
}
