import { CloseCircleOutlined } from '@ant-design/icons'
import { Button, DatePicker, Flex, Form, Segmented } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { type ReactNode, useState } from 'react'
import { useIntl } from 'react-intl'
import { useAppSelector } from '../../app/hooks'
import {
  ethiopianToIso,
  isDateInRange,
  isValidIsoDate,
  MAX_DATE,
  MIN_DATE,
  MIN_ETHIOPIAN_YEAR,
  type EthiopianYearMessage,
} from '../../domain'
import { type CalendarPreference, selectCalendar, selectLanguage } from '../preferences'
import { EthiopianDateFields } from './EthiopianDateFields'
import {
  EMPTY_PARTS,
  hasAnyPart,
  partsFromIso,
  partsToIso,
  yearMessage,
  type EthiopianParts,
} from './ethiopianParts'
import { formatMemberDate } from './memberDates'

export interface DualCalendarDateInputProps {
  id: string
  label: ReactNode
  required?: boolean
  /** A Gregorian yyyy-mm-dd date, or null. */
  value: string | null | undefined
  onChange: (value: string | null) => void
  onBlur?: () => void
  disabled?: boolean
  /** A translated error text shown under the input. */
  error?: string
  /** A translated warning shown under the input when there is no error: allowed, but odd. */
  warning?: string
}

const MIN_DAY = dayjs(MIN_DATE)
/** The first day an Ethiopian date may name: 1 Meskerem of the first accepted year. */
const MIN_ETHIOPIAN_DATE = ethiopianToIso(MIN_ETHIOPIAN_YEAR, 1, 1)!
const MAX_DAY = dayjs(MAX_DATE)

/**
 * Every date of the product (spec 2.5): a Gregorian picker or Ethiopian day/month/year parts,
 * always reporting a Gregorian yyyy-mm-dd or null, with the other calendar's reading beneath.
 */
export function DualCalendarDateInput({
  id,
  label,
  required,
  value,
  onChange,
  onBlur,
  disabled,
  error,
  warning,
}: DualCalendarDateInputProps) {
  const intl = useIntl()
  const language = useAppSelector(selectLanguage)
  // The user's calendar (or, never chosen, the language's: Ethiopian for am/om) starts it.
  const [mode, setMode] = useState<CalendarPreference>(useAppSelector(selectCalendar))
  const current = value ?? null
  // The parts are the source while the user types an Ethiopian date: an incomplete date is
  // null outside but must survive re-renders. `known` is the value they belong to; a different
  // value from outside (a reset, a loaded member) replaces them.
  const [state, setState] = useState<{ parts: EthiopianParts; known: string | null }>(() => ({
    parts: partsFromIso(current),
    known: current,
  }))
  const [yearTouched, setYearTouched] = useState(false)
  const [nonDigit, setNonDigit] = useState(false)
  if (state.known !== current) {
    setState({ parts: partsFromIso(current), known: current })
  }
  const parts = state.known === current ? state.parts : partsFromIso(current)

  const emit = (next: string | null, nextParts: EthiopianParts) => {
    setState({ parts: nextParts, known: next })
    if (next !== current) onChange(next)
  }

  const clearText = intl.formatMessage({ id: 'clear' })
  const labelId = `${id}-label`
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const warningId = `${id}-warning`

  const yearProblem: EthiopianYearMessage | null =
    mode !== 'ethiopian'
      ? null
      : nonDigit
        ? 'yearMustBeNumber'
        : yearTouched || parts.year.length === 4
          ? yearMessage(parts.year)
          : null
  // A whole date outside the accepted range is told in the calendar it was typed in.
  const outOfRange = Boolean(current && isValidIsoDate(current) && !isDateInRange(current))
  const errorText = yearProblem
    ? intl.formatMessage({ id: yearProblem })
    : outOfRange
      ? intl.formatMessage(
          { id: 'dateOutOfRangeIn' },
          {
            min: formatMemberDate(
              mode === 'ethiopian' ? MIN_ETHIOPIAN_DATE : MIN_DATE,
              mode,
              language,
            ),
            max: formatMemberDate(MAX_DATE, mode, language),
          },
        )
      : error

  const other: CalendarPreference = mode === 'gregorian' ? 'ethiopian' : 'gregorian'
  const hint =
    current && isValidIsoDate(current)
      ? intl.formatMessage(
          { id: 'dateInOtherCalendar' },
          {
            date: formatMemberDate(current, other, language),
            calendar: other,
          },
        )
      : undefined
  const warningText = errorText ? undefined : warning
  const describedBy =
    [hint && hintId, errorText && errorId, warningText && warningId].filter(Boolean).join(' ') ||
    undefined

  return (
    <Form.Item
      className="dual-date"
      label={<span id={labelId}>{label}</span>}
      htmlFor={id}
      required={required}
      validateStatus={errorText ? 'error' : warningText ? 'warning' : undefined}
      help={
        errorText ? (
          <span id={errorId}>{errorText}</span>
        ) : warningText ? (
          <span id={warningId}>{warningText}</span>
        ) : undefined
      }
      extra={hint ? <span id={hintId}>{hint}</span> : undefined}
    >
      <Flex vertical gap={8}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Segmented<CalendarPreference>
            size="small"
            aria-label={intl.formatMessage({ id: 'calendarSetting' })}
            disabled={disabled}
            value={mode}
            onChange={(next) => {
              setMode(next)
              setNonDigit(false)
            }}
            options={[
              { value: 'gregorian', label: intl.formatMessage({ id: 'gregorianCalendar' }) },
              { value: 'ethiopian', label: intl.formatMessage({ id: 'ethiopianCalendar' }) },
            ]}
          />
          {(current !== null || hasAnyPart(parts)) && !disabled && (
            <Button
              size="small"
              type="link"
              icon={<CloseCircleOutlined aria-hidden />}
              aria-label={
                typeof label === 'string'
                  ? intl.formatMessage({ id: 'labelledValue' }, { label: clearText, value: label })
                  : undefined
              }
              onClick={() => {
                setNonDigit(false)
                setYearTouched(false)
                emit(null, EMPTY_PARTS)
              }}
            >
              {clearText}
            </Button>
          )}
        </Flex>
        {mode === 'gregorian' ? (
          <DatePicker
            id={id}
            style={{ width: '100%' }}
            format="YYYY-MM-DD"
            minDate={MIN_DAY}
            maxDate={MAX_DAY}
            allowClear={false}
            disabled={disabled}
            status={errorText ? 'error' : warningText ? 'warning' : undefined}
            placeholder={intl.formatMessage({ id: 'selectDate' })}
            value={current && isValidIsoDate(current) ? dayjs(current) : null}
            onChange={(day: Dayjs | null) => {
              const next = day ? day.format('YYYY-MM-DD') : null
              emit(next, partsFromIso(next))
            }}
            onBlur={onBlur}
            // Enter confirms the typed date; it must not also submit the surrounding form.
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault()
            }}
            aria-describedby={describedBy}
            aria-invalid={Boolean(errorText) || undefined}
            aria-required={required || undefined}
          />
        ) : (
          <EthiopianDateFields
            id={id}
            labelId={labelId}
            parts={parts}
            disabled={disabled}
            invalid={Boolean(errorText)}
            required={required}
            describedBy={describedBy}
            onNonDigitYear={() => setNonDigit(true)}
            onYearBlur={() => {
              setYearTouched(true)
              onBlur?.()
            }}
            onPartsChange={(next) => {
              setNonDigit(false)
              emit(partsToIso(next), next)
            }}
          />
        )}
      </Flex>
    </Form.Item>
  )
}
