import { Flex, Spin } from 'antd'
import { useIntl } from 'react-intl'

/** What a lazily loaded screen shows while its code arrives. */
export function RouteFallback() {
  const intl = useIntl()
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }} role="status">
      <Spin size="large" aria-label={intl.formatMessage({ id: 'loading' })} />
    </Flex>
  )
}
