import type { MemberField } from '../../domain'

/** Form-only helpers of the wizard and edit screens that carry their own labels. */
export type HelperField = 'customJob' | 'customSpiritualGifts' | 'customCurrentMinistries'
export type LabelledField = MemberField | 'registerd_by' | 'photo' | HelperField

// Spec 3.1: label ids are the camelCase of the contract names, except where the spec names
// another key (notes → additionalNotes, current_prayer_requests → prayerRequests).
const SPECIAL_LABEL_IDS: Partial<Record<LabelledField, string>> = {
  notes: 'additionalNotes',
  current_prayer_requests: 'prayerRequests',
  registerd_by: 'registeredBy',
}

/** The message id of a field's label: 'first_name' → 'firstName'. */
export function fieldLabelId(field: LabelledField): string {
  return SPECIAL_LABEL_IDS[field] ?? field.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())
}
