import { useIntl } from 'react-intl'
import { fieldLabelId, formatDate } from '../../domain'
import { useAppSelector } from '../../app/hooks'
import { selectCalendar, selectLanguage } from '../preferences'
import type { AuditEvent } from './historyApi'

/** 'member_update' → 'action.member_update', the message id of an action's name. */
export const actionMessageId = (action: string) => `action.${action}`

// Fields whose stored name is not a label of the member form.
const FIELD_IDS: Readonly<Record<string, string>> = {
  owner_user_id: 'columnOwner',
  photo_path: 'photo',
  disabled: 'accountStatus',
  role: 'role',
  username: 'username',
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

/** The changes an event records (`changes`, or a creation's `fields`), readable and translated. */
export function useHistoryText() {
  const intl = useIntl()
  const calendar = useAppSelector(selectCalendar)
  const language = useAppSelector(selectLanguage)
  const known = (id: string) => Boolean(intl.messages[id])
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values)

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
      return raw.length === 0 ? '—' : raw.map((item) => value(field, item)).join(', ')
    }
    if (typeof raw === 'string') {
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
            before: field === 'owner_user_id' ? String(before ?? '—') : value(field, before),
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
    const details = event.details ?? {}
    const name = [details.first_name, details.last_name].filter((x) => typeof x === 'string')
    if (name.length > 0) return name.join(' ')
    if (typeof details.username === 'string') return details.username
    if (event.member_id !== null) return t('memberNumber', { id: event.member_id })
    return ''
  }

  return { changes, actionName, actor, subject, fieldLabel }
}
