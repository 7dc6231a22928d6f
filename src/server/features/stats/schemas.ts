// Request and response shapes of GET /api/stats (docs/api.md).
import { AGE_BANDS } from '../../../domain'
import {
  answers,
  arrayOf,
  day,
  integer,
  memberNames,
  nullableText,
  record,
  text,
} from '../../plugins/schemas'

export const statsQuery = {
  type: 'object',
  properties: {
    owner: { type: 'string', maxLength: 20, description: 'mine (default), all, or an account id' },
    // docs/api.md names `scope`; whose members is `owner`'s to say.
    scope: { type: 'string', enum: ['mine'] },
    calendar: { type: 'string', enum: ['gregorian', 'ethiopian'] },
    today: { type: 'string', maxLength: 10, description: 'yyyy-mm-dd; the server date if absent' },
    // Minutes east of UTC: UTC−14:00 … UTC+14:00.
    tz: { type: 'integer', minimum: -840, maximum: 840 },
  },
} as const

const counted = (key: string, values?: readonly string[]) =>
  arrayOf(record({ [key]: values ? { type: 'string', enum: values } : text, n: integer }))

const upcoming = record({
  total: integer,
  items: arrayOf(
    record({
      ...memberNames,
      date: day,
      on: day,
      years: integer,
    }),
  ),
})

export const statsAnswer = answers({
  200: record(
    {
      church_name: nullableText,
      today: day,
      calendar: { type: 'string', enum: ['gregorian', 'ethiopian'] },
      total: integer,
      by_status: counted('status'),
      new_this_month: integer,
      new_this_year: integer,
      transfers_in_this_month: integer,
      transfers_out_this_month: { type: ['integer', 'null'] },
      gender: counted('gender'),
      age_bands: counted('band', [...AGE_BANDS, 'unknown']),
      ministries: counted('ministry'),
      registrations_by_month: arrayOf(record({ year: integer, month: integer, n: integer })),
      this_week: record({
        from: day,
        to: day,
        birthdays: upcoming,
        baptisms: upcoming,
        memberships: upcoming,
      }),
      households: record({ total: integer, members_without: integer }),
      dues: record({
        currency: text,
        month: text,
        collected: integer,
        payments: integer,
        members_in_arrears: { type: ['integer', 'null'] },
      }),
    },
    { description: "The home dashboard's figures", optional: ['dues'] },
  ),
})
