import { api } from '../app/api'
import { fileNameOf, saveBlob } from './downloadFile'

export interface DownloadArgs {
  /** An API path with its query, e.g. api/imports/template?lang=am. */
  url: string
  fallbackName: string
}

/**
 * An authenticated file download through the one api (its base query adds the Authorization
 * header and ends the session on a 401): the token never goes into a URL. The file is handed
 * to the browser as it arrives; only its name enters the store.
 */
export const downloadApi = api.injectEndpoints({
  endpoints: (build) => ({
    downloadFile: build.mutation<{ fileName: string }, DownloadArgs>({
      query: ({ url, fallbackName }) => ({
        url,
        responseHandler: async (response) => {
          if (!response.ok) return response.json().catch(() => null)
          const fileName = fileNameOf(response.headers.get('content-disposition'), fallbackName)
          saveBlob(await response.blob(), fileName)
          return { fileName }
        },
      }),
    }),
  }),
})

export const { useDownloadFileMutation } = downloadApi
