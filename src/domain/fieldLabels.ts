// The message id of each member field's label, shared so that the forms, the import's header
// matching and the export's headers all name a field the same way.
import type { MemberField } from './member'

/** Fields shown with a label that are not member input fields. */
export type LabelledServerField = 'registerd_by' | 'photo'

// Spec 3.1: label ids are the camelCase of the contract names, except where the spec names
// another key (notes → additionalNotes, current_prayer_requests → prayerRequests).
const SPECIAL_LABEL_IDS: Readonly<Record<string, string>> = {
  notes: 'additionalNotes',
  current_prayer_requests: 'prayerRequests',
  registerd_by: 'registeredBy',
}

/** The message id of a field's label: 'first_name' → 'firstName'. */
export function fieldLabelId(field: MemberField | LabelledServerField | (string & {})): string {
  return SPECIAL_LABEL_IDS[field] ?? field.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())
}

/** 'option.<field>.<key>', e.g. option.membership_status.regularAttendee. */
export function optionMessageId(field: string, key: string): string {
  return `option.${field}.${key}`
}
