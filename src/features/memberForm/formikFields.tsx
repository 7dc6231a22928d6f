// Member fields wired to the surrounding <Formik>, so the wizard and the profile edit screen
// share one way of binding antd inputs: value, change, blur, translated error, label, ids.
import { Checkbox, Form, Input, Select } from 'antd'
import { getIn, useFormikContext } from 'formik'
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { TEXT_MAX_LENGTH, type OptionListField, type TextField } from '../../domain'
import { DualCalendarDateInput } from './DualCalendarDateInput'
import { fieldLabelId, type LabelledField } from './fieldLabels'
import { type JobFields, JobSelect } from './JobSelect'
import { type OptionField, useOptions } from './optionLabels'
import { TagMultiSelect } from './TagMultiSelect'

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

/** The field's translated error, once the field was touched. */
export function useFieldError(name: string): string | undefined {
  const intl = useIntl()
  const { errors, touched } = useFormikContext<Values>()
  const error: unknown = getIn(errors, name)
  if (!getIn(touched, name) || typeof error !== 'string') return undefined
  return intl.messages[error] ? intl.formatMessage({ id: error }) : error
}

function useFieldIds(name: string, idPrefix = 'member') {
  const id = `${idPrefix}-${name}`
  return { id, errorId: `${id}-error`, helpId: `${id}-help` }
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined
}

function FieldFrame({
  id,
  label,
  required,
  error,
  errorId,
  help,
  helpId,
  children,
}: {
  id: string
  label: ReactNode
  required?: boolean
  error?: string
  errorId: string
  help?: string
  helpId: string
  children: ReactNode
}) {
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      required={required}
      validateStatus={error ? 'error' : undefined}
      help={error ? <span id={errorId}>{error}</span> : undefined}
      extra={help ? <span id={helpId}>{help}</span> : undefined}
    >
      {children}
    </Form.Item>
  )
}

export interface FormikTextFieldProps extends BaseFieldProps {
  /** Multiline with this many rows. */
  rows?: number
  type?: 'text' | 'email' | 'tel'
  autoComplete?: string
  readOnly?: boolean
}

export function FormikTextField({
  name,
  labelId,
  required,
  disabled,
  helpId: helpMessageId,
  idPrefix,
  rows,
  type = 'text',
  autoComplete,
  readOnly,
}: FormikTextFieldProps) {
  const intl = useIntl()
  const { values, setFieldValue, setFieldTouched } = useFormikContext<Values>()
  const error = useFieldError(name)
  const { id, errorId, helpId } = useFieldIds(name, idPrefix)
  const help = helpMessageId ? intl.formatMessage({ id: helpMessageId }) : undefined
  const raw: unknown = getIn(values, name)
  const props = {
    id,
    name,
    value: typeof raw === 'string' ? raw : '',
    disabled,
    readOnly,
    maxLength: TEXT_MAX_LENGTH[name as TextField],
    status: error ? ('error' as const) : undefined,
    'aria-invalid': Boolean(error) || undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy(error && errorId, help && helpId),
    onBlur: () => void setFieldTouched(name, true),
  }
  return (
    <FieldFrame
      id={id}
      label={intl.formatMessage({ id: labelId ?? fieldLabelId(name) })}
      required={required}
      error={error}
      errorId={errorId}
      help={help}
      helpId={helpId}
    >
      {rows ? (
        <Input.TextArea
          {...props}
          rows={rows}
          onChange={(event) => void setFieldValue(name, event.target.value)}
        />
      ) : (
        <Input
          {...props}
          type={type}
          autoComplete={autoComplete}
          inputMode={type === 'tel' ? 'tel' : type === 'email' ? 'email' : undefined}
          onChange={(event) => void setFieldValue(name, event.target.value)}
        />
      )}
    </FieldFrame>
  )
}

export interface FormikSelectFieldProps extends BaseFieldProps {
  name: OptionField & LabelledField
  /** The keys offered, in order (e.g. REGISTRATION_STATUSES); every option by default. */
  keys?: readonly string[]
}

export function FormikSelectField({
  name,
  labelId,
  required,
  disabled,
  helpId: helpMessageId,
  idPrefix,
  keys,
}: FormikSelectFieldProps) {
  const intl = useIntl()
  const { values, setFieldValue, setFieldTouched } = useFormikContext<Values>()
  const error = useFieldError(name)
  const { id, errorId, helpId } = useFieldIds(name, idPrefix)
  const options = useOptions(name, keys)
  const raw: unknown = getIn(values, name)
  const value = typeof raw === 'string' && raw !== '' ? raw : undefined
  // A stored value outside the offered keys (edit screen, legacy data) still shows.
  const shown =
    value && !options.some((o) => o.value === value)
      ? [...options, { value, label: value }]
      : options
  const help = helpMessageId ? intl.formatMessage({ id: helpMessageId }) : undefined
  return (
    <FieldFrame
      id={id}
      label={intl.formatMessage({ id: labelId ?? fieldLabelId(name) })}
      required={required}
      error={error}
      errorId={errorId}
      help={help}
      helpId={helpId}
    >
      <Select
        id={id}
        options={shown}
        value={value}
        allowClear={!required}
        disabled={disabled}
        placeholder={intl.formatMessage({ id: 'selectPlaceholder' })}
        status={error ? 'error' : undefined}
        aria-invalid={Boolean(error) || undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(error && errorId, help && helpId)}
        onChange={(next: string | undefined) => void setFieldValue(name, next ?? null)}
        onBlur={() => void setFieldTouched(name, true)}
      />
    </FieldFrame>
  )
}

export function FormikDateField({ name, labelId, required, disabled, idPrefix }: BaseFieldProps) {
  const intl = useIntl()
  const { values, setFieldValue, setFieldTouched } = useFormikContext<Values>()
  const error = useFieldError(name)
  const { id } = useFieldIds(name, idPrefix)
  const raw: unknown = getIn(values, name)
  return (
    <DualCalendarDateInput
      id={id}
      label={intl.formatMessage({ id: labelId ?? fieldLabelId(name) })}
      required={required}
      disabled={disabled}
      error={error}
      value={typeof raw === 'string' && raw !== '' ? raw : null}
      onChange={(next) => {
        void setFieldValue(name, next)
        void setFieldTouched(name, true, false)
      }}
      onBlur={() => void setFieldTouched(name, true)}
    />
  )
}

export interface FormikTagFieldProps extends BaseFieldProps {
  name: OptionListField
}

export function FormikTagField({
  name,
  labelId,
  required,
  disabled,
  helpId: helpMessageId,
  idPrefix,
}: FormikTagFieldProps) {
  const intl = useIntl()
  const { values, setFieldValue, setFieldTouched } = useFormikContext<Values>()
  const error = useFieldError(name)
  const { id, errorId, helpId } = useFieldIds(name, idPrefix)
  const raw: unknown = getIn(values, name)
  const help = helpMessageId ? intl.formatMessage({ id: helpMessageId }) : undefined
  return (
    <FieldFrame
      id={id}
      label={intl.formatMessage({ id: labelId ?? fieldLabelId(name) })}
      required={required}
      error={error}
      errorId={errorId}
      help={help}
      helpId={helpId}
    >
      <TagMultiSelect
        id={id}
        field={name}
        value={Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : []}
        disabled={disabled}
        invalid={Boolean(error)}
        required={required}
        describedBy={describedBy(error && errorId, help && helpId)}
        onChange={(next) => {
          void setFieldValue(name, next)
          void setFieldTouched(name, true, false)
        }}
        onBlur={() => void setFieldTouched(name, true)}
      />
    </FieldFrame>
  )
}

export function FormikCheckboxField({ name, labelId, disabled, idPrefix }: BaseFieldProps) {
  const intl = useIntl()
  const { values, setFieldValue } = useFormikContext<Values>()
  const { id } = useFieldIds(name, idPrefix)
  return (
    <Form.Item>
      <Checkbox
        id={id}
        checked={getIn(values, name) === true}
        disabled={disabled}
        onChange={(event) => void setFieldValue(name, event.target.checked)}
      >
        {intl.formatMessage({ id: labelId ?? fieldLabelId(name) })}
      </Checkbox>
    </Form.Item>
  )
}

/**
 * The job select bound to the form's job helpers (selectedJobs, customJob, showCustomJobField)
 * and the job text they build (spec 3.2).
 */
export function FormikJobField({
  disabled,
  idPrefix = 'member',
}: Pick<BaseFieldProps, 'disabled' | 'idPrefix'>) {
  const { values, setValues } = useFormikContext<Values>()
  const error = useFieldError('job')
  const selectedJobs = Array.isArray(values.selectedJobs)
    ? values.selectedJobs.filter((x): x is string => typeof x === 'string')
    : []
  const customJob = typeof values.customJob === 'string' ? values.customJob : ''
  return (
    <JobSelect
      id={`${idPrefix}-job`}
      value={{ selectedJobs, customJob }}
      disabled={disabled}
      error={error}
      onChange={(next: JobFields) => void setValues((current) => ({ ...current, ...next }))}
    />
  )
}
