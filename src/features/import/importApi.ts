import { createAction } from '@reduxjs/toolkit'
import { api } from '../../app/api'
import type { ImportChoices, ImportPreview, ImportResult, OnDuplicate } from '../../domain'
import { getFile } from '../../shared/fileRegistry'
import { postWithProgress } from './postWithProgress'

export type ImportCalendar = 'gregorian' | 'ethiopian'

export interface UploadImportArgs {
  /** fileRegistry id of the spreadsheet: the File itself stays out of the store. */
  fileId: string
  fileName: string
  calendar: ImportCalendar
}

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
      queryFn: ({ fileId, calendar }, queryApi) => {
        const form = new FormData()
        form.append('calendar', calendar)
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
    previewImport: build.mutation<ImportPreview, { id: string } & ImportChoices>({
      query: ({ id, ...choices }) => ({
        url: `api/imports/${id}/preview`,
        method: 'POST',
        body: choices,
      }),
    }),
    commitImport: build.mutation<
      ImportResult,
      { id: string; on_duplicate: OnDuplicate } & ImportChoices
    >({
      query: ({ id, ...body }) => ({ url: `api/imports/${id}/commit`, method: 'POST', body }),
      invalidatesTags: [{ type: 'MemberList', id: 'ALL' }],
    }),
  }),
})

export const { useUploadImportMutation, usePreviewImportMutation, useCommitImportMutation } =
  importApi
