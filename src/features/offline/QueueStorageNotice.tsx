import { useAppSelector } from '../../app/hooks'
import { Notice } from '../../shared/Notice'
import { selectQueue } from './offlineSlice'

/**
 * The device's storage for the queue (issue 30): nearly full after a save (told while saving
 * still works), or too full to save at all.
 */
export function QueueStorageNotice({ className }: { className?: string }) {
  const { problem, storageLow } = useAppSelector(selectQueue)
  if (problem === 'storageFull') {
    return <Notice type="error" role="alert" titleId="queueStorageFull" className={className} />
  }
  if (!storageLow) return null
  return <Notice type="warning" role="status" titleId="queueStorageLow" className={className} />
}
