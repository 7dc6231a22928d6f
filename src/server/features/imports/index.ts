// The imports feature's public surface: what app.ts, cli/ and other features may use.
export { type Calendar, type Language, message } from './fieldDictionary'
export { type ExportFormat, neutralise } from './memberExport'
export { importRoutes } from './routes/imports'
export { memberExportRoutes } from './routes/memberExport'
export {
  DOWNLOAD_QUERY_PROPERTIES,
  downloadChoices,
  downloadGuard,
  invalidValue,
  sendSpreadsheet,
} from './spreadsheetDownload'
