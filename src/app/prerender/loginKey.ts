import type { PreferencesState } from '../../features/preferences'

/**
 * What the sign-in page drawn at build time depends on: the start-up hydrates it only when the
 * device's saved preferences give the same key, and otherwise draws the page afresh.
 */
export const loginPageKey = ({
  language,
  themeMode,
}: Pick<PreferencesState, 'language' | 'themeMode'>) => `${language}-${themeMode}`

/** The id of the styles the build writes with the drawn page (the antd rules it uses). */
export const LOGIN_STYLE_ID = 'login-page-style'

/**
 * The id of the drawn page's link to all of antd's CSS for its components (decision 0335), left
 * off the screen (media print) so that it holds no paint; the start-up switches it on.
 */
export const LOGIN_STYLESHEET_ID = 'login-page-stylesheet'
