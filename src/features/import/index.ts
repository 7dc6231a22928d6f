// What other features use of the import feature (issue 24): an authenticated file download.
// The screen loads with its route (src/app/router.tsx); its slice and calls stay in its chunk.
export { useDownload } from './useDownload'
