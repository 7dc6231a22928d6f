// Member fields wired to the surrounding <Formik>, so the wizard and the profile edit screen
// share one way of binding antd inputs: value, change, blur, translated error, label, ids.
//
// Every change to a Formik form reaches every field through its context. So each field is a
// thin reader of its own part of the form (value, error, texts) and a memoised body that draws
// the antd input, which renders again only when that part changed: a key pressed in one field
// no longer renders the other fields of the step (about 500 components on the wizard's first
// step, twice per key: once for the value, once for the validation).
import { Checkbox, Form, Input, Select } from 'antd'
import { type FormikContextType, getIn, useFormikContext } from 'formik'
import { memo, useMemo } from 'react'
import { useIntl } from 'react-intl'
import {
  memberDateWarning,
  TEXT_MAX_LENGTH,
  todayIso,
  type OptionListField,
  type TextField,
} from '../../domain'
import { DualCalendarDateInput } from './DualCalendarDateInput'
import { fieldLabelId, type LabelledField } from './fieldLabels'
import { type JobFields, JobSelect } from './JobSelect'
import { type OptionField, useOptions } from './optionLabels'
import { TagMultiSelect } from './TagMultiSelect'
import { useClearButton } from '../../shared/useClearButton'

type Values = Record<string, unknown>

interface BaseFieldProps {
  name: LabelledField
  /** A message id for the label; the field's own label id by default. */
  labelId?: string
  required?: boolean
  disabled?: boolean
  /** A message id of help text shown under the field. */
  helpId?: string
  /** Prefixes the element ids, for screens that show one field twice. */
  idPrefix?: string
}

type SetFieldValue = FormikContextType<Values>['setFieldValue']
type SetFieldTouched = FormikContextType<Values>['setFieldTouched']

/** What a field's memoised body takes from the form: its texts, its error and Formik's setters. */
interface BodyProps {
  label: string
  help?: string
  error?: string
  setFieldValue: SetFieldValue
  setFieldTouched: SetFieldTouched
}

/**
 * Everything one member field reads from the surrounding form: its raw value, its translated
 * label, help and error, and Formik's setters (stable functions, so memoised bodies keep still).
 */
export function useMemberField({
  name,
  labelId,
  helpId,
}: Pick<BaseFieldProps, 'name' | 'labelId' | 'helpId'>): BodyProps & { raw: unknown } {
  const intl = useIntl()
  const { values, setFieldValue, setFieldTouched } = useFormikContext<Values>()
  return {
    raw: getIn(values, name) as unknown,
    label: intl.formatMessage({ id: labelId ?? fieldLabelId(name) }),
    help: helpId ? intl.formatMessage({ id: helpId }) : undefined,
    error: useFieldError(name),
    setFieldValue,
    setFieldTouched,
  }
}

/** The field's translated error, once the field was touched. */
export function useFieldError(name: string): string | undefined {
  const intl = useIntl()
  const { errors, touched } = useFormikContext<Values>()
  const error: unknown = getIn(errors, name)
  if (!getIn(touched, name) || typeof error !== 'string') return undefined
  return intl.messages[error] ? intl.formatMessage({ id: error }) : error
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined
}

/**
 * One field's ids, its labelled frame (antd Form.Item props) and the accessibility props of its
 * control, so that label, error and help are tied to the input the same way in every field.
 */
function fieldFrame({
  name,
  idPrefix = 'member',
  required,
  label,
  help,
  error,
}: Pick<BaseFieldProps, 'name' | 'idPrefix' | 'required'> &
  Pick<BodyProps, 'label' | 'help' | 'error'>) {
  const id = `${idPrefix}-${name}`
  const errorId = `${id}-error`
  const helpId = `${id}-help`
  return {
    id,
    frame: {
      label,
      htmlFor: id,
      required,
      validateStatus: error ? ('error' as const) : undefined,
      help: error ? <span id={errorId}>{error}</span> : undefined,
      extra: help ? <span id={helpId}>{help}</span> : undefined,
    },
    control: {
      id,
      status: error ? ('error' as const) : undefined,
      'aria-invalid': Boolean(error) || undefined,
      'aria-required': required || undefined,
      'aria-describedby': describedBy(error && errorId, help && helpId),
    },
  }
}

export interface FormikTextFieldProps extends BaseFieldProps {
  /** Multiline with this many rows. */
  rows?: number
  type?: 'text' | 'email' | 'tel'
  autoComplete?: string
  readOnly?: boolean
  /** Offered in a list while typing (a <datalist>); any other text is accepted too. */
  suggestions?: readonly string[]
}

export function FormikTextField(props: FormikTextFieldProps) {
  const { raw, ...field } = useMemberField(props)
  return <TextFieldBody {...props} {...field} value={typeof raw === 'string' ? raw : ''} />
}

const TextFieldBody = memo(function TextFieldBody({
  rows,
  type = 'text',
  autoComplete,
  readOnly,
  suggestions,
  value,
  setFieldValue,
  setFieldTouched,
  ...field
}: FormikTextFieldProps & BodyProps & { value: string }) {
  const { name, disabled } = field
  const { id, frame, control } = fieldFrame(field)
  const props = {
    ...control,
    name,
    value,
    disabled,
    readOnly,
    maxLength: TEXT_MAX_LENGTH[name as TextField],
    onBlur: () => void setFieldTouched(name, true),
  }
  return (
    <Form.Item {...frame}>
      {rows ? (
        <Input.TextArea
          {...props}
          rows={rows}
          onChange={(event) => void setFieldValue(name, event.target.value)}
        />
      ) : (
        <>
          <Input
            {...props}
            type={type}
            autoComplete={autoComplete}
            list={suggestions ? `${id}-options` : undefined}
            inputMode={type === 'tel' ? 'tel' : type === 'email' ? 'email' : undefined}
            onChange={(event) => void setFieldValue(name, event.target.value)}
          />
          {suggestions && (
            <datalist id={`${id}-options`}>
              {suggestions.map((option) => (
                <option key={option} value={option} />
              ))}
            </datalist>
          )}
        </>
      )}
    </Form.Item>
  )
})

export interface FormikSelectFieldProps extends BaseFieldProps {
  name: OptionField & LabelledField
  /** The keys offered, in order (e.g. REGISTRATION_STATUSES); every option by default. */
  keys?: readonly string[]
}

export function FormikSelectField(props: FormikSelectFieldProps) {
  const intl = useIntl()
  const { raw, ...field } = useMemberField(props)
  return (
    <SelectFieldBody
      {...props}
      {...field}
      options={useOptions(props.name, props.keys)}
      placeholder={intl.formatMessage({ id: 'selectPlaceholder' })}
      value={typeof raw === 'string' && raw !== '' ? raw : undefined}
    />
  )
}

const SelectFieldBody = memo(function SelectFieldBody({
  options,
  placeholder,
  value,
  setFieldValue,
  setFieldTouched,
  ...field
}: FormikSelectFieldProps &
  BodyProps & {
    options: { value: string; label: string }[]
    placeholder: string
    value: string | undefined
  }) {
  const { name, required, disabled } = field
  const { frame, control } = fieldFrame(field)
  const clear = useClearButton()
  // A stored value outside the offered keys (edit screen, legacy data) still shows.
  const shown =
    value && !options.some((o) => o.value === value)
      ? [...options, { value, label: value }]
      : options
  return (
    <Form.Item {...frame}>
      <Select
        {...control}
        options={shown}
        value={value}
        allowClear={required ? false : clear.select}
        disabled={disabled}
        placeholder={placeholder}
        onChange={(next: string | undefined) => void setFieldValue(name, next ?? null)}
        onBlur={() => void setFieldTouched(name, true)}
      />
    </Form.Item>
  )
})

export function FormikDateField(props: BaseFieldProps) {
  const intl = useIntl()
  const { values } = useFormikContext<Values>()
  const { raw, ...field } = useMemberField(props)
  // A likely slip (born tomorrow, baptised before birth) is pointed out; saving stays possible.
  const warningId = memberDateWarning(props.name, values, todayIso())
  return (
    <DateFieldBody
      {...props}
      {...field}
      value={typeof raw === 'string' && raw !== '' ? raw : null}
      warning={warningId && intl.formatMessage({ id: warningId })}
    />
  )
}

const DateFieldBody = memo(function DateFieldBody({
  name,
  required,
  disabled,
  idPrefix,
  label,
  value,
  error,
  warning,
  setFieldValue,
  setFieldTouched,
}: BaseFieldProps & BodyProps & { value: string | null; warning?: string }) {
  const { id } = fieldFrame({ name, idPrefix, label })
  return (
    <DualCalendarDateInput
      id={id}
      label={label}
      required={required}
      disabled={disabled}
      error={error}
      warning={warning}
      value={value}
      // A birth date's calendar opens about 30 years back, not on this month (issue 42).
      pickerYearsBack={name === 'date_of_birth' ? 30 : undefined}
      onChange={(next) => {
        void setFieldValue(name, next)
        void setFieldTouched(name, true, false)
      }}
      onBlur={() => void setFieldTouched(name, true)}
    />
  )
})

export interface FormikTagFieldProps extends BaseFieldProps {
  name: OptionListField
}

export function FormikTagField(props: FormikTagFieldProps) {
  const field = useMemberField(props)
  return <TagFieldBody {...props} {...field} />
}

const TagFieldBody = memo(function TagFieldBody({
  raw,
  setFieldValue,
  setFieldTouched,
  ...field
}: FormikTagFieldProps & BodyProps & { raw: unknown }) {
  const { name, required, disabled, error } = field
  const { frame, control } = fieldFrame(field)
  const value = useMemo(
    () => (Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : []),
    [raw],
  )
  return (
    <Form.Item {...frame}>
      <TagMultiSelect
        id={control.id}
        field={name}
        value={value}
        disabled={disabled}
        invalid={Boolean(error)}
        required={required}
        describedBy={control['aria-describedby']}
        onChange={(next) => {
          void setFieldValue(name, next)
          void setFieldTouched(name, true, false)
        }}
        onBlur={() => void setFieldTouched(name, true)}
      />
    </Form.Item>
  )
})

export function FormikCheckboxField(props: BaseFieldProps) {
  const { raw, label, setFieldValue } = useMemberField(props)
  return (
    <CheckboxFieldBody
      {...props}
      label={label}
      checked={raw === true}
      setFieldValue={setFieldValue}
    />
  )
}

const CheckboxFieldBody = memo(function CheckboxFieldBody({
  name,
  disabled,
  idPrefix,
  label,
  checked,
  setFieldValue,
}: BaseFieldProps & Pick<BodyProps, 'label' | 'setFieldValue'> & { checked: boolean }) {
  const { id } = fieldFrame({ name, idPrefix, label })
  return (
    <Form.Item>
      <Checkbox
        id={id}
        checked={checked}
        disabled={disabled}
        onChange={(event) => void setFieldValue(name, event.target.checked)}
      >
        {label}
      </Checkbox>
    </Form.Item>
  )
})

/**
 * The job select bound to the form's job helpers (selectedJobs, customJob, showCustomJobField)
 * and the job text they build (spec 3.2).
 */
export function FormikJobField({
  disabled,
  idPrefix = 'member',
}: Pick<BaseFieldProps, 'disabled' | 'idPrefix'>) {
  const { values, setValues } = useFormikContext<Values>()
  return (
    <JobFieldBody
      id={`${idPrefix}-job`}
      selectedJobs={values.selectedJobs}
      customJob={typeof values.customJob === 'string' ? values.customJob : ''}
      disabled={disabled}
      error={useFieldError('job')}
      setValues={setValues}
    />
  )
}

const JobFieldBody = memo(function JobFieldBody({
  id,
  selectedJobs,
  customJob,
  disabled,
  error,
  setValues,
}: {
  id: string
  selectedJobs: unknown
  customJob: string
  disabled?: boolean
  error?: string
  setValues: FormikContextType<Values>['setValues']
}) {
  const value = useMemo(
    () => ({
      selectedJobs: Array.isArray(selectedJobs)
        ? selectedJobs.filter((x): x is string => typeof x === 'string')
        : [],
      customJob,
    }),
    [selectedJobs, customJob],
  )
  return (
    <JobSelect
      id={id}
      value={value}
      disabled={disabled}
      error={error}
      onChange={(next: JobFields) => void setValues((current) => ({ ...current, ...next }))}
    />
  )
})
