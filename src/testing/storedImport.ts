import type { ImportPreview } from '../domain'

/**
 * An import's preview as POST /api/imports answers it: the columns, mapping and rows the test
 * gives, with nothing wrong, doubtful or left to map in them; tests add what they check.
 */
export function storedImportPreview(
  fields: Pick<ImportPreview, 'id' | 'columns' | 'mapping' | 'rows' | 'preview'> &
    Partial<ImportPreview>,
): ImportPreview {
  return {
    errors: [],
    warnings: [],
    duplicates: [],
    values: [],
    date_columns: [],
    changes: [],
    household_changes: [],
    notes_columns: [],
    value_map: {},
    column_calendars: {},
    two_part_names: false,
    expires_at: '2026-11-26T05:00:00.000Z',
    ...fields,
  }
}
