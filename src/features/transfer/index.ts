// The transfer feature's public face (spec 2.8): the dialog and its state machine.
export { TransferDialog } from './TransferDialog'
export { transferApi } from './transferApi'
export { opened as transferOpened } from './transferSlice'
