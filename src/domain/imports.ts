// The import workflow's answers (issue 24, docs/api.md), as the server sends them and the
// client reads them.
import type { MemberField, MemberInput } from './member'

/** What a commit does with a row that repeats a stored member or an earlier row. */
export const ON_DUPLICATE = ['skip', 'update', 'create'] as const
export type OnDuplicate = (typeof ON_DUPLICATE)[number]

/** Each column of the file: the member field it fills, or null for a column left out. */
export type ImportMapping = Record<string, MemberField | null>

export interface ImportRowError {
  row: number
  field: string
  /** A message id of the member schema, as the wizard shows it. */
  message: string
}

export type DuplicateReason = 'same_name_and_phone' | 'same_name_and_birth_date'

export interface ImportDuplicate {
  row: number
  member_id: number | null
  other_row: number | null
  reason: DuplicateReason
}

/** The answer of POST /api/imports and of its preview. */
export interface ImportPreview {
  id: string
  columns: string[]
  mapping: ImportMapping
  rows: number
  preview: (Partial<MemberInput> & { row: number })[]
  errors: ImportRowError[]
  duplicates: ImportDuplicate[]
  expires_at: string
}

/** The answer of a commit: how many rows did what. */
export interface ImportResult {
  created: number
  updated: number
  skipped: number
  refused: number
}
