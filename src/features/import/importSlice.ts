import { type PayloadAction, type WithSlice } from '@reduxjs/toolkit'
import type {
  ImportChoices,
  ImportMapping,
  ImportPreview,
  ImportResult,
  ImportTarget,
  ImportValueMap,
  OnDuplicate,
} from '../../domain'
import { rootReducer } from '../../app/store'
import { createSessionSlice } from '../../app/sessionEvents'
import { createMachine, transitionTable, type EventOf } from '../../shared/createMachine'
import { importApi, type ImportCalendar, uploadProgressed } from './importApi'
import { errorStatus } from '../../app/api'

/**
 * Upload → column mapping → values → preview → import → report (issues 24, 45). Each server
 * call may only start from its step and only its answer moves on, so a second click cannot
 * commit twice. A new calendar choice on the mapping step uploads the file again (the server
 * reads dates then). The values step (unknown values of enumerated columns, the calendar of
 * each date column) comes once after the mapping, when the file has any.
 */
export const IMPORT_TRANSITIONS = transitionTable({
  choosing: {
    fileRefused: 'choosing',
    calendarChosen: 'choosing',
    uploadStarted: 'uploading',
  },
  uploading: { uploadSucceeded: 'mapping', uploadFailed: 'choosing' },
  mapping: {
    columnMapped: 'mapping',
    choicesRemembered: 'mapping',
    calendarChosen: 'mapping',
    uploadStarted: 'uploading',
    previewStarted: 'previewing',
    restarted: 'choosing',
  },
  previewing: { previewSucceeded: 'reviewing', valuesNeeded: 'values', previewFailed: 'mapping' },
  values: {
    valueMapped: 'values',
    columnCalendarChosen: 'values',
    previewStarted: 'previewing',
    backToMapping: 'mapping',
    restarted: 'choosing',
  },
  reviewing: {
    backToMapping: 'mapping',
    backToValues: 'values',
    duplicateChoiceMade: 'reviewing',
    commitStarted: 'committing',
    restarted: 'choosing',
  },
  committing: { commitSucceeded: 'done', commitFailed: 'reviewing' },
  done: { restarted: 'choosing' },
})
export type ImportStatus = keyof typeof IMPORT_TRANSITIONS
export type ImportEvent = EventOf<typeof IMPORT_TRANSITIONS>

export interface ImportState {
  status: ImportStatus
  /** fileRegistry id of the chosen file, kept for an upload again with another calendar. */
  fileId: string | null
  fileName: string
  calendar: ImportCalendar
  /** The server's answer for the file: the last preview. */
  preview: ImportPreview | null
  /** The mapping as the user has it now (the preview's until they change a column). */
  mapping: ImportMapping
  /** What each unknown value of an enumerated column becomes, as the user chose. */
  valueMap: ImportValueMap
  /** Columns kept in notes as "Header: value" lines. */
  notesColumns: string[]
  /** The calendar of each date column, as the user confirmed it on the values step. */
  columnCalendars: Record<string, ImportCalendar>
  /** Whether the values step has been passed for this mapping. */
  valuesConfirmed: boolean
  onDuplicate: OnDuplicate
  result: ImportResult | null
  /** How much of the file has gone up while uploading (0-100), null before the first report. */
  uploadPercent: number | null
  /** A message id for what went wrong last; cleared by the next legal move. */
  error: string | null
}

export const initialImportState: ImportState = {
  status: 'choosing',
  fileId: null,
  fileName: '',
  calendar: 'gregorian',
  preview: null,
  mapping: {},
  valueMap: {},
  notesColumns: [],
  columnCalendars: {},
  valuesConfirmed: false,
  onDuplicate: 'skip',
  result: null,
  uploadPercent: null,
  error: null,
}

const { move } = createMachine<ImportStatus, ImportEvent, ImportState>(
  IMPORT_TRANSITIONS,
  (state) => {
    state.error = null
  },
)

/** The message id for a failed call, by its HTTP status (docs/api.md lists them). */
/** The server's limits on an import, each named by its own message (docs/api.md). */
const LIMIT_IDS: ReadonlySet<string> = new Set([
  'importCellTooLong',
  'importTooLarge',
  'importBusy',
  'importServerBusy',
])

export function importErrorId(payload: unknown, step: 'upload' | 'preview' | 'commit'): string {
  const status = errorStatus(payload)
  const file = (payload as { data?: { errors?: { file?: unknown } } } | undefined)?.data?.errors
    ?.file
  if (typeof file === 'string' && LIMIT_IDS.has(file)) return file
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return 'importNetworkError'
  if (status === 413) return 'importFileTooLarge'
  if (status === 415) return 'importFileType'
  if (status === 403) return 'importNotAllowed'
  if (status === 404 && step !== 'upload') return 'importExpired'
  if (status === 409) return 'importAlreadyCommitted'
  if (status === 400) return step === 'upload' ? 'importFileUnreadable' : 'importMappingInvalid'
  return 'importFailed'
}

/** The choices a preview or commit sends, from the state. */
export function choicesOf(state: ImportState): ImportChoices {
  return {
    mapping: state.mapping,
    value_map: state.valueMap,
    notes_columns: state.notesColumns,
    column_calendars: state.columnCalendars,
  }
}

const sameColumns = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((column, index) => column === b[index])

const { uploadImport, previewImport, commitImport } = importApi.endpoints

const importSlice = createSessionSlice({
  name: 'import',
  initialState: initialImportState,
  reducers: {
    /** The browser's check found the file too large or of another type (a message id). */
    fileRefused(state, action: PayloadAction<string>) {
      if (move(state, 'fileRefused')) state.error = action.payload
    },
    calendarChosen(state, action: PayloadAction<ImportCalendar>) {
      if (move(state, 'calendarChosen')) state.calendar = action.payload
    },
    /**
     * A column's field, or null to leave it out (kept in the notes with `toNotes`); a field
     * taken from another column moves.
     */
    columnMapped(
      state,
      action: PayloadAction<{ column: string; field: ImportTarget | null; toNotes?: boolean }>,
    ) {
      const { column, field, toNotes = false } = action.payload
      if (!(column in state.mapping) || !move(state, 'columnMapped')) return
      if (field) {
        for (const other of Object.keys(state.mapping)) {
          if (state.mapping[other] === field) state.mapping[other] = null
        }
      }
      state.mapping[column] = field
      state.notesColumns = state.notesColumns.filter((other) => other !== column)
      if (!field && toNotes) state.notesColumns.push(column)
      delete state.valueMap[column]
    },
    /** An unknown value of an enumerated column: an option key, or null for empty. */
    valueMapped(
      state,
      action: PayloadAction<{ column: string; value: string; key: string | null | undefined }>,
    ) {
      const { column, value, key } = action.payload
      if (!move(state, 'valueMapped')) return
      const values = (state.valueMap[column] ??= {})
      if (key === undefined) delete values[value]
      else values[value] = key
    },
    columnCalendarChosen(
      state,
      action: PayloadAction<{ column: string; calendar: ImportCalendar }>,
    ) {
      if (move(state, 'columnCalendarChosen'))
        state.columnCalendars[action.payload.column] = action.payload.calendar
    },
    /** Choices remembered from an earlier import of a file with the same headers. */
    choicesRemembered(state, action: PayloadAction<ImportChoices>) {
      if (!state.preview || !move(state, 'choicesRemembered')) return
      const columns = state.preview.columns
      const known = (column: string) => columns.includes(column)
      const { mapping, value_map, notes_columns, column_calendars } = action.payload
      const used = new Set<string>()
      for (const column of columns) {
        const field = mapping[column]
        if (column in mapping && (field === null || (field && !used.has(field)))) {
          state.mapping[column] = field
          if (field) used.add(field)
        }
      }
      state.valueMap = Object.fromEntries(
        Object.entries(value_map ?? {}).filter(([column]) => known(column)),
      )
      state.notesColumns = (notes_columns ?? []).filter(known)
      state.columnCalendars = Object.fromEntries(
        Object.entries(column_calendars ?? {}).filter(([column]) => known(column)),
      )
    },
    backToMapping(state) {
      if (move(state, 'backToMapping')) state.valuesConfirmed = false
    },
    backToValues(state) {
      if (move(state, 'backToValues')) state.valuesConfirmed = false
    },
    duplicateChoiceMade(state, action: PayloadAction<OnDuplicate>) {
      if (move(state, 'duplicateChoiceMade')) state.onDuplicate = action.payload
    },
    restarted(state) {
      if (move(state, 'restarted')) {
        Object.assign(state, initialImportState, { calendar: state.calendar })
      }
    },
  },
  extraReducers: (builder) => {
    builder
      // Not a move of the machine: a figure within the uploading step, for its file only.
      .addCase(uploadProgressed, (state, action) => {
        if (state.status === 'uploading' && action.payload.fileId === state.fileId) {
          state.uploadPercent = Math.max(0, Math.min(100, action.payload.percent))
        }
      })
      .addMatcher(uploadImport.matchPending, (state, action) => {
        const { fileId, fileName, calendar } = action.meta.arg.originalArgs
        if (move(state, 'uploadStarted')) {
          state.uploadPercent = null
          state.fileId = fileId
          state.fileName = fileName
          state.calendar = calendar
        }
      })
      .addMatcher(uploadImport.matchFulfilled, (state, action) => {
        if (action.meta.arg.originalArgs.fileId !== state.fileId) return
        if (!move(state, 'uploadSucceeded')) return
        const answer = action.payload
        // The same file read again with another calendar keeps the user's column choices.
        const keep = state.preview !== null && sameColumns(state.preview.columns, answer.columns)
        if (!keep) {
          state.mapping = answer.mapping
          state.notesColumns = answer.notes_columns
          // The server's proposal (ChurchCRM's codes): shown chosen on the values step.
          state.valueMap = answer.value_map
          state.columnCalendars = {}
        }
        state.valuesConfirmed = false
        state.preview = answer
      })
      .addMatcher(uploadImport.matchRejected, (state, action) => {
        if (action.meta.arg.originalArgs.fileId !== state.fileId) return
        if (move(state, 'uploadFailed')) {
          state.error = importErrorId(action.payload, 'upload')
          state.preview = null
          state.mapping = {}
        }
      })
      .addMatcher(previewImport.matchPending, (state, action) => {
        if (action.meta.arg.originalArgs.id !== state.preview?.id) return
        const fromValues = state.status === 'values'
        if (move(state, 'previewStarted') && fromValues) state.valuesConfirmed = true
      })
      .addMatcher(previewImport.matchFulfilled, (state, action) => {
        if (action.meta.arg.originalArgs.id !== state.preview?.id) return
        const answer = action.payload
        const ask =
          !state.valuesConfirmed && (answer.values.length > 0 || answer.date_columns.length > 0)
        if (move(state, ask ? 'valuesNeeded' : 'previewSucceeded')) {
          state.preview = answer
          state.mapping = answer.mapping
        }
      })
      .addMatcher(previewImport.matchRejected, (state, action) => {
        if (action.meta.arg.originalArgs.id !== state.preview?.id) return
        if (move(state, 'previewFailed')) state.error = importErrorId(action.payload, 'preview')
      })
      .addMatcher(commitImport.matchPending, (state, action) => {
        if (action.meta.arg.originalArgs.id === state.preview?.id) move(state, 'commitStarted')
      })
      .addMatcher(commitImport.matchFulfilled, (state, action) => {
        if (action.meta.arg.originalArgs.id !== state.preview?.id) return
        if (move(state, 'commitSucceeded')) state.result = action.payload
      })
      .addMatcher(commitImport.matchRejected, (state, action) => {
        if (action.meta.arg.originalArgs.id !== state.preview?.id) return
        if (move(state, 'commitFailed')) state.error = importErrorId(action.payload, 'commit')
      })
  },
  selectors: {
    selectImport: (state) => state,
  },
})

export const {
  fileRefused,
  calendarChosen,
  columnMapped,
  valueMapped,
  columnCalendarChosen,
  choicesRemembered,
  backToMapping,
  backToValues,
  duplicateChoiceMade,
  restarted,
} = importSlice.actions

// Lazily registered with the import screen's chunk, like the other features' slices.
declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof importSlice> {}
}
const injectedImportSlice = importSlice.injectInto(rootReducer)

export const { selectImport } = injectedImportSlice.selectors
export default importSlice
