import { Alert } from 'antd'
import { useIntl } from 'react-intl'
import { useAppSelector } from '../../app/hooks'
import { selectQueue } from './offlineSlice'

/**
 * The device's storage for the queue (issue 30): nearly full after a save (told while saving
 * still works), or too full to save at all.
 */
export function QueueStorageNotice({ className }: { className?: string }) {
  const intl = useIntl()
  const { problem, storageLow } = useAppSelector(selectQueue)
  if (problem === 'storageFull') {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={intl.formatMessage({ id: 'queueStorageFull' })}
        className={className}
      />
    )
  }
  if (!storageLow) return null
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      title={intl.formatMessage({ id: 'queueStorageLow' })}
      className={className}
    />
  )
}
