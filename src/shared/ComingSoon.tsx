import { ToolOutlined } from '@ant-design/icons'
import { Result } from 'antd'
import { FormattedMessage } from 'react-intl'

/** Shown by a route whose screen has not shipped yet. */
export function ComingSoon() {
  return (
    <Result
      icon={<ToolOutlined />}
      title={<FormattedMessage id="comingSoonTitle" />}
      subTitle={<FormattedMessage id="comingSoonBody" />}
    />
  )
}
