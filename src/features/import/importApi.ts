import { createAction } from '@reduxjs/toolkit'
import { api } from '../../app/api'
import type {
  ImportChoices,
  ImportPreview,
  ImportProgress,
  ImportResult,
  OnDuplicate,
} from '../../domain'
import { getFile } from '../../shared/fileRegistry'
import { postWithProgress } from './postWithProgress'

export type ImportCalendar = 'gregorian' | 'ethiopian'

export interface UploadImportArgs {
  /** fileRegistry id of the spreadsheet: the File itself stays out of the store. */
  fileId: string
  fileName: string
  calendar: ImportCalendar
  /** The token the server reports its progress under (see progressToken). */
  progress?: string
}

/** A fresh random token naming one long call, so its progress can be asked for meanwhile. */
export function progressToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** How often the screen asks how far a check or commit has come. */
export const PROGRESS_POLL_MS = 500

/** How much of a file's upload has gone up, in whole percent (the import slice shows it). */
export const uploadProgressed = createAction<{ fileId: string; percent: number }>(
  'import/uploadProgressed',
)

/** The import workflow's calls (issue 24): upload, preview with a mapping, commit. */
export const importApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadImport: build.mutation<ImportPreview, UploadImportArgs>({
      // A queryFn (RTK Query's documented way to send a request its own way): XMLHttpRequest
      // reports the upload's progress, which fetch does not.
      queryFn: ({ fileId, calendar, progress }, queryApi) => {
        const form = new FormData()
        form.append('calendar', calendar)
        if (progress) form.append('progress', progress)
        const file = getFile(fileId)
        if (file) form.append('file', file, file.name)
        let shown = -1
        return postWithProgress<ImportPreview>('/api/imports', form, queryApi, (loaded, total) => {
          const percent = Math.floor((loaded / total) * 100)
          if (percent === shown) return
          shown = percent
          queryApi.dispatch(uploadProgressed({ fileId, percent }))
        })
      },
    }),
    previewImport: build.mutation<ImportPreview, { id: string; progress?: string } & ImportChoices>(
      {
        query: ({ id, ...choices }) => ({
          url: `api/imports/${id}/preview`,
          method: 'POST',
          body: choices,
        }),
      },
    ),
    commitImport: build.mutation<
      ImportResult,
      { id: string; on_duplicate: OnDuplicate; progress?: string } & ImportChoices
    >({
      query: ({ id, ...body }) => ({ url: `api/imports/${id}/commit`, method: 'POST', body }),
      // A file's families become households, or join the account's.
      invalidatesTags: [
        { type: 'MemberList', id: 'ALL' },
        { type: 'Household', id: 'LIST' },
      ],
    }),
    // Asked every PROGRESS_POLL_MS while a call runs; a 404 (nothing reported yet, or another
    // server process doing the work) leaves the screen's spinner as it is.
    importProgress: build.query<ImportProgress, string>({
      query: (token) => `api/imports/progress/${token}`,
      keepUnusedDataFor: 0,
    }),
  }),
})

export const {
  useUploadImportMutation,
  usePreviewImportMutation,
  useCommitImportMutation,
  useImportProgressQuery,
} = importApi
