import { Alert, type AlertProps } from 'antd'
import { useIntl } from 'react-intl'

type NoticeProps = Omit<AlertProps, 'title' | 'showIcon'> & {
  /** The message id of the title, in the user's language. */
  titleId: string
  titleValues?: Record<string, string | number>
}

/** The screens' banners: an Alert with its icon and a translated title. */
export function Notice({ titleId, titleValues, ...alert }: NoticeProps) {
  const intl = useIntl()
  return <Alert showIcon title={intl.formatMessage({ id: titleId }, titleValues)} {...alert} />
}
