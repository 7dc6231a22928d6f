// The transfer feature's public face (spec 2.8): the dialog and its state machine.
export { TransferDialog } from './TransferDialog'
export { transferApi, type TransferUser } from './transferApi'
export {
  default as transferSlice,
  opened as transferOpened,
  closed as transferClosed,
  selectTransferStatus,
  selectTransferOpen,
  TRANSFER_TRANSITIONS,
  type TransferStatus,
} from './transferSlice'
