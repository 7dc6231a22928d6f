// The member form's public face: fields shared by the registration wizard and the profile.
export { DualCalendarDateInput } from './DualCalendarDateInput'
export { formatMemberDate } from './memberDates'
export { MemberDate } from './MemberDate'
export { fieldLabelId, type LabelledField } from './fieldLabels'
export { useOptionLabel, type OptionField } from './optionLabels'

export { jobFields, jobFieldsFromValue } from './JobSelect'
export {
  FormikCheckboxField,
  FormikDateField,
  FormikJobField,
  FormikSelectField,
  FormikTagField,
  FormikTextField,
} from './formikFields'
export { FormikLatinNameField, FormikRegionField } from './ethiopianFields'
export { PhotoPicker } from './PhotoPicker'
