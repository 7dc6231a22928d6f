import { useIntl } from 'react-intl'
import type { LoginFailure } from './authSlice'

/** A failed sign-in in the user's language (spec 8.1), online or offline (issue 42). */
export function useFailureText(failure: LoginFailure | null): string | null {
  const intl = useIntl()
  if (!failure) return null
  switch (failure.kind) {
    case 'invalidCredentials':
      return intl.formatMessage({ id: 'loginInvalid' })
    case 'serverError':
      return intl.formatMessage({ id: 'loginServerError' })
    case 'network':
      return intl.formatMessage({ id: 'loginNetworkError' })
    case 'tooManyAttempts':
      return intl.formatMessage({ id: 'loginTooManyAttempts' })
    case 'busy':
      return intl.formatMessage({ id: 'loginBusy' })
    case 'serverMessage':
      return failure.message
    case 'offlineWrongPassword':
      return intl.formatMessage({ id: 'loginOfflineInvalid' })
    case 'offlineWait':
      return intl.formatMessage({ id: 'loginOfflineWait' }, { seconds: failure.seconds })
  }
}
