import { App } from 'antd'
import { useCallback } from 'react'
import { useIntl } from 'react-intl'
import { useRole } from '../auth'
import {
  churchRefusalId,
  useChurchLogoQuery,
  useChurchQuery,
  useUpdateChurchMutation,
} from './churchApi'

/**
 * The church's logo from the church profile on the server (issue 46), as a data URL, and for
 * admins a setter that saves a new one there: every device prints the same logo.
 */
export function useChurchLogo(): [string | null, ((logo: string | null) => void) | undefined] {
  const intl = useIntl()
  const { message } = App.useApp()
  const church = useChurchQuery()
  const url = church.data?.logo_url ?? null
  const logo = useChurchLogoQuery(url ?? '', { skip: !url })
  const [update] = useUpdateChurchMutation()
  const admin = useRole() === 'admin'
  const setLogo = useCallback(
    (next: string | null) => {
      update({ logo: next })
        .unwrap()
        .catch((error: unknown) => {
          void message.error(intl.formatMessage({ id: churchRefusalId(error) }))
        })
    },
    [update, message, intl],
  )
  const current = url && logo.data?.startsWith('data:image/') ? logo.data : null
  return [current, admin ? setLogo : undefined]
}
