import { useState } from 'react'
import { TOKEN_KEY } from '../../app/api'
import { useAppDispatch } from '../../app/hooks'
import { sessionExpired } from '../../app/sessionEvents'
import { downloadFile } from '../../shared/downloadFile'

/**
 * A button's download: which one is busy, the message id of the last failure (shown next to
 * the button), and a 401 ends the session like any other call's.
 */
export function useDownload() {
  const dispatch = useAppDispatch()
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const start = async (key: string, url: string, fallbackName: string) => {
    setBusy(key)
    setError(null)
    try {
      const outcome = await downloadFile(url, fallbackName, localStorage.getItem(TOKEN_KEY))
      if (outcome.ok) return
      if (outcome.status === 401) dispatch(sessionExpired())
      else setError(outcome.status === 0 ? 'importNetworkError' : 'downloadFailed')
    } finally {
      setBusy(null)
    }
  }
  return { busy, error, start }
}
