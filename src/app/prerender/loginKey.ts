import type { PreferencesState } from '../../features/preferences'

/**
 * What the sign-in page drawn at build time depends on: the start-up hydrates it only when the
 * device's saved preferences give the same key, and otherwise draws the page afresh.
 */
export const loginPageKey = ({
  language,
  themeMode,
}: Pick<PreferencesState, 'language' | 'themeMode'>) => `${language}-${themeMode}`

/** The id of the stylesheet the build writes with the drawn page (antd's styles for it). */
export const LOGIN_STYLE_ID = 'login-page-style'
