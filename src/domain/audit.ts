// The history (audit trail) of issue 25 as both sides read it: the answer of GET /api/audit and
// GET /api/members/:id/history, and the words an event is shown in (screen and export alike).
import { type DateCalendar, type DateLanguage, formatDate } from './dateFormat'
import { fieldLabelId } from './fieldLabels'
import { joinList, labelled } from './textParts'

/** Every action the server records, in the order the history filter offers them. */
export const AUDIT_ACTIONS = [
  'member_create',
  'member_update',
  'member_photo',
  'member_delete',
  'member_transfer',
  'member_import',
  'member_restore',
  'member_purge',
  'household_create',
  'household_update',
  'household_delete',
  'household_transfer',
  'household_member_add',
  'household_member_remove',
  'account_create',
  'account_update',
  'account_password_change',
  'account_password_reset',
  'account_remove',
  'sign_in',
  'sign_in_refused',
  'sign_out',
  'church_update',
  'fund_create',
  'fund_update',
  'fund_rate',
  'member_dues_update',
  'household_dues_update',
  'payment_create',
  'payment_void',
  'dues_waiver',
  'cash_day_close',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** One event of the history (docs/roles-and-history.md). */
export interface AuditEvent {
  seq: number
  at: string
  actor_id: number | null
  actor_username: string | null
  action: string
  member_id: number | null
  subject_user_id: number | null
  details: Record<string, unknown>
  /**
   * The member's name as it is now (or as the restore bin keeps it), where the reader may see
   * that member; absent otherwise and on events about no member.
   */
  member_name?: string
}

export interface AuditPage {
  items: AuditEvent[]
  next_cursor: string | null
}

/** GET /api/audit's filters (and its export's); empty ones are left out of the address. */
export interface AuditFilters {
  actor?: number
  action?: string
  member_id?: number
  /** yyyy-mm-dd, whole UTC days, inclusive. */
  from?: string
  to?: string
  /** Words of the member's name, each found in it (current members only). */
  member_name?: string
  /** Leaves out signing in, refused sign-ins and signing out. */
  hide_sign_ins?: boolean
}

/** 'member_update' → 'action.member_update', the message id of an action's name. */
export const actionMessageId = (action: string) => `action.${action}`

// Fields whose stored name is not a label of the member form.
const FIELD_IDS: Readonly<Record<string, string>> = {
  owner_user_id: 'columnOwner',
  photo_path: 'photo',
  disabled: 'accountStatus',
  role: 'role',
  username: 'username',
  household_id: 'household',
  household_role: 'householdRole',
  // The church profile's (church_update events).
  name_am: 'churchNameAm',
  name_en: 'churchNameEn',
  name_om: 'churchNameOm',
  address: 'churchAddress',
  phone: 'churchPhone',
  po_box: 'churchPoBox',
  signatory_name: 'churchSignatoryName',
  signatory_title: 'churchSignatoryTitle',
  currency: 'churchCurrency',
  standing_kind: 'churchStandingKind',
  standing_months: 'churchStandingMonths',
  id_card_languages: 'churchIdCardLanguages',
  logo_version: 'churchLogo',
}

// Church profile values named by their own messages rather than `option.<field>.<value>`.
const VALUE_IDS: Readonly<Record<string, string>> = {
  standing_kind: 'churchStanding',
  id_card_languages: 'churchIdCardLanguages',
}

const TIMESTAMPS = new Set(['created_at', 'updated_at', 'transfer_date'])
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T/

/** One changed field: its label, and its value before and after, as the user reads them. */
export interface FieldChange {
  field: string
  label: string
  before: string
  after: string
}

/** What the words need: messages of locales/ (react-intl on the client, the catalogs on the server). */
export interface HistoryWords {
  t: (id: string, values?: Record<string, string | number>) => string
  known: (id: string) => boolean
  calendar: DateCalendar
  language: DateLanguage
}

/** An event's action, actor, subject and changed fields, readable and translated. */
export function historyText({ t, known, calendar, language }: HistoryWords) {
  const fieldLabel = (field: string) => {
    const id = FIELD_IDS[field] ?? fieldLabelId(field)
    return known(id) ? t(id) : field
  }

  const value = (field: string, raw: unknown): string => {
    if (raw === null || raw === undefined || raw === '') return '—'
    if (typeof raw === 'boolean') {
      if (field === 'disabled') return t(raw ? 'accountDisabled' : 'accountEnabled')
      return t(raw ? 'yes' : 'no')
    }
    if (Array.isArray(raw)) {
      return raw.length === 0
        ? '—'
        : joinList(
            raw.map((item) => value(field, item)),
            language,
          )
    }
    if (typeof raw === 'string') {
      // A logo's version is a random key: the reader needs only that a new logo came.
      if (field === 'logo_version') return t('historyNewLogo')
      if (VALUE_IDS[field] && known(`${VALUE_IDS[field]}.${raw}`)) {
        return t(`${VALUE_IDS[field]}.${raw}`)
      }
      if (field === 'role' && known(`role${raw[0]?.toUpperCase()}${raw.slice(1)}`)) {
        return t(`role${raw[0].toUpperCase()}${raw.slice(1)}`)
      }
      if (ISO_DAY.test(raw) || ISO_INSTANT.test(raw)) return formatDate(raw, calendar, language)
      const option = `option.${field}.${raw}`
      if (known(option)) return t(option)
      return raw
    }
    if (typeof raw === 'object') return JSON.stringify(raw)
    return String(raw)
  }

  const changes = (event: AuditEvent): FieldChange[] => {
    const details = event.details ?? {}
    const source = (details.changes ?? details.fields) as Record<string, unknown> | undefined
    if (!source || typeof source !== 'object') return []
    const creation = event.action === 'member_create'
    const empty = (v: unknown) =>
      v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)
    return (
      Object.entries(source)
        // A registration lists what was filled in; server timestamps say nothing to a reader.
        .filter(([field, pair]) => {
          if (!creation) return true
          if (TIMESTAMPS.has(field)) return false
          return !empty(Array.isArray(pair) && pair.length === 2 ? pair[1] : pair)
        })
        .map(([field, pair]) => {
          const [before, after] = Array.isArray(pair) && pair.length === 2 ? pair : [null, pair]
          return {
            field,
            label: fieldLabel(field),
            // Events before from_username was recorded name the earlier owner by id.
            before:
              field === 'owner_user_id'
                ? typeof details.from_username === 'string'
                  ? details.from_username
                  : String(before ?? '—')
                : value(field, before),
            after:
              field === 'owner_user_id' && typeof details.to_username === 'string'
                ? details.to_username
                : value(field, after),
          }
        })
    )
  }

  const actionName = (action: string) =>
    known(actionMessageId(action)) ? t(actionMessageId(action)) : action

  /** Who did it: the account's name at the time, or the system (purge, the users command). */
  const actor = (event: AuditEvent) => event.actor_username ?? t('historySystem')

  /** The member or account an event is about, in a few words. */
  const subject = (event: AuditEvent) => {
    if (event.member_name) return event.member_name
    const details = event.details ?? {}
    const name = [details.first_name, details.last_name].filter((x) => typeof x === 'string')
    if (name.length > 0) return name.join(' ')
    if (typeof details.username === 'string') return details.username
    // Household events name the household.
    if (typeof details.name === 'string') return details.name
    if (event.member_id !== null) return t('memberNumber', { id: event.member_id })
    return ''
  }

  return { changes, actionName, actor, subject, fieldLabel, language }
}

export type HistoryText = ReturnType<typeof historyText>

/** The export's columns, as message ids; a row of an event is `historyRow`. */
export const HISTORY_EXPORT_HEADERS = [
  'historyWhen',
  'historyWho',
  'historyWhat',
  'historyMemberId',
  'historyAbout',
  'historyChanges',
] as const

/** One event as the export's cells, in the order of HISTORY_EXPORT_HEADERS. */
export function historyRow(text: HistoryText, event: AuditEvent, when: string): string[] {
  return [
    when,
    text.actor(event),
    text.actionName(event.action),
    event.member_id === null ? '' : String(event.member_id),
    text.subject(event),
    text
      .changes(event)
      .map((c) => labelled(c.label, `${c.before} → ${c.after}`, text.language))
      .join(text.language === 'am' ? '፤ ' : '; '),
  ]
}
