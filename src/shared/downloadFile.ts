/** The file name a Content-Disposition header gives, else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '')
  if (!match) return fallback
  try {
    return decodeURIComponent(match[1])
  } catch {
    return match[1]
  }
}

/** Hands a Blob to the browser as a download under that name. */
export function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = fileName
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.appendChild(link)
  link.click()
  link.remove()
  // Revoked after the click has been handled: some browsers read the URL asynchronously.
  setTimeout(() => URL.revokeObjectURL(href), 1000)
}
