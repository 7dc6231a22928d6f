import { File as NodeFile } from 'node:buffer'
import type { UnknownAction } from '@reduxjs/toolkit'
import { loggedOut, sessionExpired } from '../../app/sessionEvents'
import { makeStore } from '../../app/store'
import { registerFile } from '../../shared/fileRegistry'
import {
  itFollowsTheTable,
  mutationAction,
  reducerFedEvents,
  transitions,
} from '../../testing/machineTables'
import { installMockServer } from '../../testing/mockServer'
import { storedImportPreview } from '../../testing/storedImport'
import type { ImportPreview } from '../../domain'
import { importApi, uploadProgressed } from './importApi'
import importSlice, {
  backToMapping,
  backToValues,
  choicesRemembered,
  columnCalendarChosen,
  calendarChosen,
  columnMapped,
  duplicateChoiceMade,
  fileRefused,
  IMPORT_TRANSITIONS,
  importErrorId,
  initialImportState,
  restarted,
  valueMapped,
  type ImportEvent,
  type ImportState,
  type ImportStatus,
} from './importSlice'

const reduce = importSlice.reducer
const ID = 'a'.repeat(32)

const PREVIEW = storedImportPreview({
  id: ID,
  columns: ['First name', 'Last name', 'Note'],
  mapping: { 'First name': 'first_name', 'Last name': 'last_name', Note: null },
  rows: 2,
  preview: [{ row: 2, first_name: 'Abebe', last_name: 'Kebede' }],
})
const WITH_VALUES: ImportPreview = {
  ...PREVIEW,
  values: [
    { column: 'Note', field: 'gender', values: [{ value: 'X', count: 2 }], accepted: ['male'] },
  ],
}
const UPLOAD = { fileId: 'file-1', fileName: 'members.csv', calendar: 'ethiopian' as const }
const MAPPING = PREVIEW.mapping
const COMMIT = { id: ID, mapping: MAPPING, on_duplicate: 'skip' as const }
const RESULT = { created: 2, updated: 0, skipped: 0, refused: 0 }

const events: Record<ImportEvent, () => UnknownAction> = {
  fileRefused: () => fileRefused('importFileType'),
  calendarChosen: () => calendarChosen('ethiopian'),
  uploadStarted: () => mutationAction('uploadImport', 'pending', UPLOAD),
  uploadSucceeded: () => mutationAction('uploadImport', 'fulfilled', UPLOAD, PREVIEW),
  uploadFailed: () => mutationAction('uploadImport', 'rejected', UPLOAD, { status: 415 }),
  columnMapped: () => columnMapped({ column: 'Note', field: 'notes' }),
  previewStarted: () => mutationAction('previewImport', 'pending', { id: ID, mapping: MAPPING }),
  previewSucceeded: () =>
    mutationAction('previewImport', 'fulfilled', { id: ID, mapping: MAPPING }, PREVIEW),
  previewFailed: () =>
    mutationAction('previewImport', 'rejected', { id: ID, mapping: MAPPING }, { status: 404 }),
  valuesNeeded: () =>
    mutationAction('previewImport', 'fulfilled', { id: ID, mapping: MAPPING }, WITH_VALUES),
  valueMapped: () => valueMapped({ column: 'Note', value: 'X', key: 'male' }),
  columnCalendarChosen: () => columnCalendarChosen({ column: 'Note', calendar: 'ethiopian' }),
  choicesRemembered: () => choicesRemembered({ mapping: { Note: 'notes' } }),
  backToValues: () => backToValues(),
  backToMapping: () => backToMapping(),
  duplicateChoiceMade: () => duplicateChoiceMade('update'),
  commitStarted: () => mutationAction('commitImport', 'pending', COMMIT),
  commitSucceeded: () => mutationAction('commitImport', 'fulfilled', COMMIT, RESULT),
  commitFailed: () => mutationAction('commitImport', 'rejected', COMMIT, { status: 409 }),
  restarted: () => restarted(),
}

const at = (status: ImportStatus): ImportState => ({
  ...initialImportState,
  status,
  fileId: status === 'choosing' ? null : 'file-1',
  preview: status === 'choosing' || status === 'uploading' ? null : PREVIEW,
  mapping: status === 'choosing' || status === 'uploading' ? {} : { ...MAPPING },
})

// Written by hand, illegal events included (-: ignored, the state unchanged).
const ROWS = transitions<ImportStatus, ImportEvent>`
  choosing    fileRefused          choosing
  choosing    calendarChosen       choosing
  choosing    uploadStarted        uploading
  choosing    uploadSucceeded      -
  choosing    previewStarted       -
  choosing    commitStarted        -
  choosing    restarted            -
  uploading   uploadSucceeded      mapping
  uploading   uploadFailed         choosing
  uploading   uploadStarted        -
  uploading   fileRefused          -
  uploading   calendarChosen       -
  uploading   restarted            -
  mapping     columnMapped         mapping
  mapping     calendarChosen       mapping
  mapping     uploadStarted        uploading
  mapping     previewStarted       previewing
  mapping     restarted            choosing
  mapping     commitStarted        -
  mapping     fileRefused          -
  mapping     choicesRemembered    mapping
  mapping     valueMapped          -
  previewing  previewSucceeded     reviewing
  previewing  valuesNeeded         values
  previewing  previewFailed        mapping
  values      valueMapped          values
  values      columnCalendarChosen values
  values      previewStarted       previewing
  values      backToMapping        mapping
  values      restarted            choosing
  values      commitStarted        -
  values      choicesRemembered    -
  previewing  columnMapped         -
  previewing  previewStarted       -
  previewing  restarted            -
  reviewing   backToMapping        mapping
  reviewing   backToValues         values
  reviewing   valueMapped          -
  reviewing   duplicateChoiceMade  reviewing
  reviewing   commitStarted        committing
  reviewing   restarted            choosing
  reviewing   columnMapped         -
  reviewing   uploadStarted        -
  committing  commitSucceeded      done
  committing  commitFailed         reviewing
  committing  commitStarted        -
  committing  restarted            -
  committing  backToMapping        -
  committing  duplicateChoiceMade  -
  done        restarted            choosing
  done        commitStarted        -
  done        backToMapping        -
  done        uploadStarted        -
`

describe('import workflow machine (issue 24)', () => {
  itFollowsTheTable({
    table: IMPORT_TRANSITIONS,
    rows: ROWS,
    dispatchedBy: { feature: 'import', actionNames: Object.keys(importSlice.actions) },
    reducer: reducerFedEvents(at, reduce, events),
  })

  it.each([loggedOut(), sessionExpired()])('forgets the import on %p', (ended) => {
    expect(reduce(at('reviewing'), ended)).toEqual(initialImportState)
  })

  it('keeps the file and calendar of the upload and takes the mapping the server found', () => {
    let state = reduce(at('choosing'), events.uploadStarted())
    expect(state).toMatchObject({
      fileId: 'file-1',
      fileName: 'members.csv',
      calendar: 'ethiopian',
    })
    state = reduce(state, events.uploadSucceeded())
    expect(state.mapping).toEqual(MAPPING)
    expect(state.preview?.id).toBe(ID)
  })

  it('starts the values step from the value mapping the server proposes', () => {
    const proposed = { ...PREVIEW, value_map: { Note: { X: 'male' } } }
    const uploaded = mutationAction('uploadImport', 'fulfilled', UPLOAD, proposed)
    const state = reduce(reduce(at('choosing'), events.uploadStarted()), uploaded)
    expect(state.valueMap).toEqual({ Note: { X: 'male' } })
    // The clerk may choose otherwise, as for any value.
    const changed = reduce(
      { ...state, status: 'values' },
      valueMapped({ column: 'Note', value: 'X', key: null }),
    )
    expect(changed.valueMap).toEqual({ Note: { X: null } })
  })

  it('shows the upload’s progress for its own file while uploading only', () => {
    const uploading = reduce(at('mapping'), events.uploadStarted())
    expect(uploading.uploadPercent).toBeNull()
    const at40 = reduce(uploading, uploadProgressed({ fileId: 'file-1', percent: 40 }))
    expect(at40).toMatchObject({ status: 'uploading', uploadPercent: 40 })
    expect(reduce(at40, uploadProgressed({ fileId: 'file-1', percent: 140 })).uploadPercent).toBe(
      100,
    )
    // Another file's late report, or one after the answer, changes nothing.
    expect(reduce(at40, uploadProgressed({ fileId: 'file-9', percent: 90 }))).toBe(at40)
    const mapping = reduce(at40, events.uploadSucceeded())
    expect(reduce(mapping, uploadProgressed({ fileId: 'file-1', percent: 90 }))).toBe(mapping)
    // A new upload (another calendar) starts from nothing again.
    expect(reduce(mapping, events.uploadStarted()).uploadPercent).toBeNull()
  })

  it('moves a field taken by another column, and leaves a column out with null', () => {
    let state = reduce(at('mapping'), columnMapped({ column: 'Note', field: 'first_name' }))
    expect(state.mapping).toEqual({
      'First name': null,
      'Last name': 'last_name',
      Note: 'first_name',
    })
    state = reduce(state, columnMapped({ column: 'Last name', field: null }))
    expect(state.mapping['Last name']).toBeNull()
    // A column the file does not have changes nothing.
    expect(reduce(state, columnMapped({ column: 'Nope', field: 'notes' }))).toBe(state)
  })

  it('keeps the user’s columns when the same file is read again with another calendar', () => {
    let state = reduce(at('mapping'), columnMapped({ column: 'Note', field: 'notes' }))
    state = reduce(state, mutationAction('uploadImport', 'pending', UPLOAD))
    state = reduce(state, events.uploadSucceeded())
    expect(state.status).toBe('mapping')
    expect(state.mapping.Note).toBe('notes')
  })

  it('ignores answers for another file or another import', () => {
    const other = { ...UPLOAD, fileId: 'file-9' }
    const uploading = reduce(at('choosing'), events.uploadStarted())
    expect(reduce(uploading, mutationAction('uploadImport', 'fulfilled', other, PREVIEW))).toBe(
      uploading,
    )
    const reviewing = at('reviewing')
    const stranger = mutationAction('commitImport', 'pending', { ...COMMIT, id: 'b'.repeat(32) })
    expect(reduce(reviewing, stranger)).toBe(reviewing)
  })

  it('says what failed with a message id, and clears it on the next move', () => {
    const failed = reduce(reduce(at('choosing'), events.uploadStarted()), events.uploadFailed())
    expect(failed).toMatchObject({ status: 'choosing', error: 'importFileType', preview: null })
    expect(reduce(failed, events.calendarChosen()).error).toBeNull()
    expect(reduce(at('committing'), events.commitFailed()).error).toBe('importAlreadyCommitted')
    expect(reduce(at('previewing'), events.previewFailed()).error).toBe('importExpired')
  })

  it.each([
    [{ status: 'FETCH_ERROR' }, 'upload', 'importNetworkError'],
    [{ status: 413 }, 'upload', 'importFileTooLarge'],
    [{ status: 400 }, 'upload', 'importFileUnreadable'],
    [{ status: 400 }, 'preview', 'importMappingInvalid'],
    [{ status: 404 }, 'commit', 'importExpired'],
    [{ status: 403 }, 'upload', 'importNotAllowed'],
    [{ status: 500 }, 'commit', 'importFailed'],
    [
      { status: 400, data: { errors: { file: 'importCellTooLong' } } },
      'upload',
      'importCellTooLong',
    ],
    [{ status: 400, data: { errors: { file: 'importTooLarge' } } }, 'upload', 'importTooLarge'],
    [{ status: 409, data: { errors: { file: 'importBusy' } } }, 'commit', 'importBusy'],
    [{ status: 429, data: { errors: { file: 'importServerBusy' } } }, 'upload', 'importServerBusy'],
    [{ status: 400, data: { errors: { file: 'invalidFile' } } }, 'upload', 'importFileUnreadable'],
  ] as const)('names %p on %s as %s', (payload, step, id) => {
    expect(importErrorId(payload, step)).toBe(id)
  })

  it('follows the real calls through a store', async () => {
    const server = installMockServer()
    server.on('POST', '/api/imports', { json: PREVIEW })
    server.on('POST', `/api/imports/${ID}/preview`, { json: PREVIEW })
    server.on('POST', `/api/imports/${ID}/commit`, { json: RESULT })
    const { store } = makeStore()
    // Node's File: the FormData RTK Query builds here is Node's too (jest-fixed-jsdom).
    const file = new NodeFile(['First name,Last name\nA,B\n'], 'members.csv') as unknown as File
    const fileId = registerFile(file)
    const upload = { fileId, fileName: 'members.csv', calendar: 'gregorian' as const }
    const reports: number[] = []
    const unsubscribe = store.subscribe(() => {
      const percent = store.getState().import?.uploadPercent
      if (percent != null && reports.at(-1) !== percent) reports.push(percent)
    })
    await store.dispatch(importApi.endpoints.uploadImport.initiate(upload)).unwrap()
    unsubscribe()
    expect(reports).toEqual([40, 100])
    expect(store.getState().import?.status).toBe('mapping')
    const form = server.requests[0].body as FormData
    expect(form.get('calendar')).toBe('gregorian')
    expect((form.get('file') as File).name).toBe('members.csv')
    await store
      .dispatch(importApi.endpoints.previewImport.initiate({ id: ID, mapping: MAPPING }))
      .unwrap()
    expect(store.getState().import?.status).toBe('reviewing')
    const commit = store.dispatch(importApi.endpoints.commitImport.initiate(COMMIT))
    expect(store.getState().import?.status).toBe('committing')
    await commit.unwrap()
    expect(store.getState().import).toMatchObject({ status: 'done', result: RESULT })
    expect(server.requests[2].body).toEqual({ mapping: MAPPING, on_duplicate: 'skip' })
    server.restore()
  })
})
