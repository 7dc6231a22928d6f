import { CloudUploadOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { useAppSelector } from '../../app/hooks'
import { selectQueue } from './offlineSlice'
import './queueIndicator.css'

export const QUEUE_PATH = '/queue'

/** "Waiting to send (N)" in the top bar; the send's progress while it runs. */
export function QueueIndicator({ compact }: { compact: boolean }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const { items, status, progress } = useAppSelector(selectQueue)
  if (items.length === 0 && status !== 'sending') return null
  const label =
    status === 'sending' && progress
      ? intl.formatMessage({ id: 'queueSending' }, { done: progress.done, total: progress.total })
      : intl.formatMessage({ id: 'queueWaiting' }, { count: items.length })
  // Compact, the button shows the bare count: its name starts with that count, so that a
  // speech user can say what is seen (WCAG 2.5.3).
  const name = compact
    ? intl.formatMessage({ id: 'queueWaitingShort' }, { count: items.length })
    : label
  return (
    <Button
      type="text"
      className="on-primary queue-indicator"
      icon={<CloudUploadOutlined aria-hidden />}
      aria-label={name}
      title={label}
      onClick={() => navigate(QUEUE_PATH)}
    >
      {compact ? items.length : label}
    </Button>
  )
}
