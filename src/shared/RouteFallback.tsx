import { useIntl } from 'react-intl'

/**
 * What a lazily loaded screen shows while its code arrives. A CSS ring rather than antd's Spin,
 * which would put Spin (and its throttle helper) in the login route's first download.
 */
export function RouteFallback() {
  const intl = useIntl()
  return (
    <div
      className="route-fallback"
      role="status"
      aria-label={intl.formatMessage({ id: 'loading' })}
    >
      <span className="route-fallback-ring" aria-hidden />
    </div>
  )
}
