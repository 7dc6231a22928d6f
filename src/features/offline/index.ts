export { isQueuedResult, sendOrQueue, type QueuedResult } from './sendOrQueue'
export { selectQueue, selectQueueCount, queueEvents } from './offlineSlice'
export { OfflineQueueSync } from './OfflineQueueSync'
export { QueueIndicator, QUEUE_PATH } from './QueueIndicator'
export {
  closeQueuedEdit,
  closeUnplaced,
  keepUnplaced,
  openQueuedEdit,
  sendQueue,
  updateQueued,
} from './sync'
export { countWaitingOnDevice, type QueuedHousehold } from './queueStore'
export { QueueStorageNotice } from './QueueStorageNotice'
