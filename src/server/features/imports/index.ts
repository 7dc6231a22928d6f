// The imports feature's public surface: what app.ts, cli/ and other features may use.
export { type ExportFormat } from './memberExport'
export {
  DOWNLOAD_QUERY_PROPERTIES,
  downloadChoices,
  downloadGuard,
  downloadSlots,
  holdDownloadSlot,
  invalidValue,
  sendSpreadsheet,
} from './spreadsheetDownload'
