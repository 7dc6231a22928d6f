// The member form's public face: fields shared by the registration wizard and the profile.
export { DualCalendarDateInput, type DualCalendarDateInputProps } from './DualCalendarDateInput'
export { ethiopianMonthName, formatMemberDate, gregorianMonthName } from './memberDates'
export { MemberDate } from './MemberDate'
export { fieldLabelId, type HelperField, type LabelledField } from './fieldLabels'
export {
  optionMessageId,
  OPTIONS_OF,
  useOptionLabel,
  useOptions,
  type OptionField,
} from './optionLabels'
export {
  TagMultiSelect,
  MULTI_SELECT_MENU_HEIGHT,
  MULTI_SELECT_MENU_WIDTH,
  type TagMultiSelectProps,
} from './TagMultiSelect'
export {
  JobSelect,
  jobFields,
  jobFieldsFromValue,
  type JobFields,
  type JobSelectProps,
} from './JobSelect'
export {
  FormikCheckboxField,
  FormikDateField,
  FormikJobField,
  FormikSelectField,
  FormikTagField,
  FormikTextField,
  useFieldError,
} from './formikFields'
export { FormikLatinNameField, FormikRegionField, latinSuggestion } from './ethiopianFields'
export { PhotoPicker, PHOTO_PREVIEW_SIZE, type PhotoPickerProps } from './PhotoPicker'
