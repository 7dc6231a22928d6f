/** The server's limit (docs/api.md): checked here first so a large file is not sent in vain. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024

/** What the server reads: .xlsx, and CSV as Excel saves it (.csv, tab-separated .tsv/.txt). */
export const IMPORT_EXTENSIONS = ['.xlsx', '.csv', '.tsv', '.txt'] as const
export const IMPORT_ACCEPT = [
  ...IMPORT_EXTENSIONS,
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',')

/** The message id of why a file cannot be imported, or null when it may be sent. */
export function fileProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase()
  if (!IMPORT_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'importFileType'
  if (file.size === 0) return 'importFileEmpty'
  if (file.size > MAX_IMPORT_BYTES) return 'importFileTooLarge'
  return null
}
