/** The outcome of a download: saved, or the HTTP status (0: the server was not reached). */
export type DownloadOutcome = { ok: true; fileName: string } | { ok: false; status: number }

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

/**
 * Fetches an authenticated file and saves it: the token goes in the Authorization header, never
 * in a URL (where logs and history would keep it), and the answer is handed over as a Blob.
 */
export async function downloadFile(
  url: string,
  fallbackName: string,
  token: string | null,
): Promise<DownloadOutcome> {
  let response: Response
  try {
    response = await fetch(new URL(url, globalThis.location?.origin).toString(), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    })
  } catch {
    return { ok: false, status: 0 }
  }
  if (!response.ok) return { ok: false, status: response.status }
  const blob = await response.blob()
  const fileName = fileNameOf(response.headers.get('content-disposition'), fallbackName)
  saveBlob(blob, fileName)
  return { ok: true, fileName }
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
