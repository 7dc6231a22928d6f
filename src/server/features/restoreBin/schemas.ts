// Request and response shapes of the restore bin (admins).
import {
  answers,
  arrayOf,
  boolean,
  idParams,
  integer,
  memberNames,
  NO_BODY,
  nullableText,
  record,
  timestamp,
} from '../../plugins/schemas'
import { memberRecord } from '../members'

export const restoreBinListSchema = {
  summary: 'Members deleted in the last 30 days',
  response: answers({
    200: record({
      items: arrayOf(
        record({
          ...memberNames,
          membership_status: nullableText,
          owner_user_id: integer,
          owner_username: nullableText,
          deleted_at: timestamp,
          deleted_by: nullableText,
          has_photo: boolean,
          purge_at: { ...timestamp, description: 'When the copy will be purged' },
        }),
      ),
    }),
  }),
} as const

// A function: the members feature's schema is read once every feature module has loaded.
export const restoreSchema = () =>
  ({
    ...NO_BODY,
    summary: 'Restore a deleted member to its last owner (or to the restoring admin)',
    params: idParams('id'),
    response: answers({ 200: memberRecord }),
  }) as const
