import { fieldLabelId as domainFieldLabelId, type MemberField } from '../../domain'

/** Form-only helpers of the wizard and edit screens that carry their own labels. */
export type HelperField = 'customJob' | 'customSpiritualGifts' | 'customCurrentMinistries'
export type LabelledField = MemberField | 'registerd_by' | 'photo' | HelperField

/** The message id of a field's label: 'first_name' → 'firstName' (rules in src/domain). */
export function fieldLabelId(field: LabelledField): string {
  return domainFieldLabelId(field)
}
