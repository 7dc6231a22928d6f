import { useState } from 'react'
import { useDownloadFileMutation } from './downloadApi'
import { errorStatus } from '../app/api'

/** The message id for a failed download: unreachable, busy with others, or refused. */
const failureId = (error: unknown) => {
  const status = errorStatus(error)
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return 'importNetworkError'
  return status === 429 ? 'downloadBusy' : 'downloadFailed'
}

/** A button's download: which one is busy, and the message id of the last failure. */
export function useDownload() {
  const [download] = useDownloadFileMutation()
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const start = async (key: string, url: string, fallbackName: string) => {
    setBusy(key)
    setError(null)
    try {
      await download({ url, fallbackName }).unwrap()
    } catch (failure) {
      // A 401 has ended the session already (src/app/api.ts); the sign-in page follows.
      if (errorStatus(failure) !== 401) setError(failureId(failure))
    } finally {
      setBusy(null)
    }
  }
  return { busy, error, start }
}
