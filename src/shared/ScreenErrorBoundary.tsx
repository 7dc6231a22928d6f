import { Component, type ComponentProps, type ComponentType, lazy, type ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { useLocation } from 'react-router'

/** Whether a render error is a screen's code or styles that did not arrive (webpack's names). */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const { name, message } = error as { name?: unknown; message?: unknown }
  if (name === 'ChunkLoadError') return true
  return typeof message === 'string' && /Loading (CSS )?chunk .* failed/i.test(message)
}

/**
 * React.lazy keeps a failed load for good; this one starts a new load on the next render after
 * a failure, so "Try again" really asks for the chunk again (webpack forgets failed chunks too).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own signature
export function retryableLazy<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): T {
  const make = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        current = make()
        throw error
      }),
    )
  let current = make()
  function RetryableScreen(props: ComponentProps<T>) {
    const Screen = current as ComponentType<ComponentProps<T>>
    return <Screen {...props} />
  }
  return RetryableScreen as T
}

function ScreenLoadFailed({ offline, onRetry }: { offline: boolean; onRetry: () => void }) {
  const intl = useIntl()
  // Plain elements, not antd: this also stands in for /login, whose first download is budgeted.
  return (
    <div className="screen-error" role="alert">
      <p className="screen-error-title">
        {intl.formatMessage({ id: offline ? 'screenOfflineTitle' : 'screenFailedTitle' })}
      </p>
      <p className="screen-error-text">
        {intl.formatMessage({ id: offline ? 'screenOfflineText' : 'screenFailedText' })}
      </p>
      <button type="button" className="screen-error-retry" onClick={onRetry}>
        {intl.formatMessage({ id: 'retry' })}
      </button>
    </div>
  )
}

interface BoundaryProps {
  children: ReactNode
  /** A new value (another route) clears a shown failure. */
  resetKey: string
}
interface BoundaryState {
  error: unknown
  resetKey: string
  failed: boolean
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey, failed: false }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true }
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    if (props.resetKey === state.resetKey) return null
    return { error: null, failed: false, resetKey: props.resetKey }
  }

  private retry = () => this.setState({ error: null, failed: false })

  override render() {
    if (!this.state.failed) return this.props.children
    return <ScreenLoadFailed offline={isChunkLoadError(this.state.error)} onRetry={this.retry} />
  }
}

/**
 * Around a lazily loaded screen: when its code or styles cannot be fetched (offline and not in
 * the precache) or it throws, the frame stays and a translated message with a retry button shows
 * instead of a blank page.
 */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  return <Boundary resetKey={pathname}>{children}</Boundary>
}
