export { isQueuedResult, sendOrQueue, type QueuedResult } from './sendOrQueue'
export { selectQueue, selectQueueCount, queueEvents } from './offlineSlice'
export { OfflineQueueSync } from './OfflineQueueSync'
export { QueueIndicator, QUEUE_PATH } from './QueueIndicator'
