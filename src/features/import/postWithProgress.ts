import type { BaseQueryApi, FetchBaseQueryError } from '@reduxjs/toolkit/query'
import { TOKEN_KEY } from '../../app/api'
import { sessionExpired } from '../../app/sessionEvents'

export type ProgressResult<T> = { data: T } | { error: FetchBaseQueryError }

/**
 * POSTs a form with XMLHttpRequest, reporting how much of the body has gone up: fetch gives
 * no upload progress. Answers as fetchBaseQuery does ({data} or {error: {status, data}}), so
 * an RTK Query `queryFn` can return it; a 401 ends the session as the base query does.
 */
export function postWithProgress<T>(
  url: string,
  form: FormData,
  api: Pick<BaseQueryApi, 'signal' | 'dispatch'>,
  onProgress: (loaded: number, total: number) => void,
): Promise<ProgressResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    const token = localStorage.getItem(TOKEN_KEY)
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded, event.total)
    }
    const failed = (error: string) => resolve({ error: { status: 'FETCH_ERROR', error } })
    xhr.onerror = () => failed('TypeError: Failed to fetch')
    xhr.onabort = () => failed('AbortError: The request was aborted')
    xhr.onload = () => {
      const type = xhr.getResponseHeader('content-type') ?? ''
      let body: unknown = xhr.responseText
      if (type.includes('application/json')) {
        try {
          body = JSON.parse(xhr.responseText)
        } catch {
          resolve({
            error: {
              status: 'PARSING_ERROR',
              originalStatus: xhr.status,
              data: xhr.responseText,
              error: 'bad JSON',
            },
          })
          return
        }
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ data: body as T })
        return
      }
      if (xhr.status === 401) api.dispatch(sessionExpired())
      resolve({ error: { status: xhr.status, data: body } })
    }
    api.signal.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(form)
  })
}
