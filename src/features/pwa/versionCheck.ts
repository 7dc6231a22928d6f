import type { AppThunk } from '../../app/store'
import { pwaApi } from './pwaApi'
import { pwaActions } from './pwaSlice'

/** Spec 3.7: local storage key of the version this device last ran. */
export const APP_VERSION_KEY = 'appVersion'

export interface VersionCheckDeps {
  storage?: Storage
  reload?: () => void
  now?: () => number
}

/** The value kept under appVersion: the package version and the build that made the bundle. */
export const versionLabel = (file: { version: string; build: string }) =>
  `${file.version}+${file.build}`

/**
 * Spec 2.11: fetch /version.json; when it differs from the stored appVersion, store the new value
 * and reload the page once. The first run (nothing stored yet) only stores it. Storing before the
 * reload is what makes it one reload, even if the reloaded page is still the old build.
 */
export const checkAppVersion =
  ({
    storage = localStorage,
    reload = () => window.location.reload(),
    now = Date.now,
  }: VersionCheckDeps = {}): AppThunk<Promise<void>> =>
  async (dispatch) => {
    dispatch(pwaActions.versionCheckStarted())
    const result = await dispatch(
      pwaApi.endpoints.appVersion.initiate(now(), { subscribe: false, forceRefetch: true }),
    )
    if (!result.data) {
      dispatch(pwaActions.versionCheckFailed())
      return
    }
    const current = versionLabel(result.data)
    const stored = storage.getItem(APP_VERSION_KEY)
    if (stored === current) {
      dispatch(pwaActions.versionMatched())
      return
    }
    storage.setItem(APP_VERSION_KEY, current)
    if (stored === null) {
      dispatch(pwaActions.versionFirstSeen())
      return
    }
    dispatch(pwaActions.versionChanged())
    reload()
  }
