import { Button, Flex, Spin } from 'antd'
import { useEffect, useRef } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'

interface Props {
  hasMore: boolean
  loading: boolean
  onLoadMore: () => void
}

/**
 * The end of the list: an IntersectionObserver asks for the next page a screen before the user
 * reaches it, and a real button does the same for keyboards and browsers without the observer.
 */
export function LoadMore({ hasMore, loading, onLoadMore }: Props) {
  const intl = useIntl()
  const sentinel = useRef<HTMLDivElement>(null)
  const latest = useRef(onLoadMore)
  latest.current = onLoadMore

  useEffect(() => {
    const element = sentinel.current
    if (!element || !hasMore || loading || typeof IntersectionObserver === 'undefined') {
      return undefined
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current()
      },
      { rootMargin: '800px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [hasMore, loading])

  if (!hasMore && !loading) return null
  return (
    <Flex ref={sentinel} justify="center" className="member-load-more">
      {loading ? (
        <Spin aria-label={intl.formatMessage({ id: 'loading' })} />
      ) : (
        <Button onClick={onLoadMore}>
          <FormattedMessage id="loadMoreMembers" />
        </Button>
      )}
    </Flex>
  )
}
