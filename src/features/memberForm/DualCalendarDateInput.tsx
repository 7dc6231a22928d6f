import { CloseCircleOutlined } from '@ant-design/icons'
import { Button, DatePicker, Flex, Form, Segmented } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { type ReactNode, useRef, useState } from 'react'
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
  dayCount,
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
  /** An empty Gregorian picker opens this many years before today (a birth date: ~30). */
  pickerYearsBack?: number
}

/** The Gregorian field's typed format: what a typed date must look like. */
const TYPED_FORMAT = 'YYYY-MM-DD'

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
  pickerYearsBack,
}: DualCalendarDateInputProps) {
  const intl = useIntl()
  const language = useAppSelector(selectLanguage)
  // The user's calendar (Gregorian until one is chosen, spec 2.5) starts it.
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
  // Typed text the picker could not take: said, never silently dropped (issue 42).
  const [typedBad, setTypedBad] = useState<string | null>(null)
  // The picker puts its own value back in the box on blur: the typed text is kept as typed.
  const typed = useRef('')
  // A day the new month or year does not have was cleared: which, and how many days it has.
  const [dayCleared, setDayCleared] = useState<number | null>(null)
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
  const typedOutOfRange = typedBad !== null && isValidIsoDate(typedBad) && !isDateInRange(typedBad)
  const errorText = yearProblem
    ? intl.formatMessage({ id: yearProblem })
    : typedBad !== null && !typedOutOfRange
      ? intl.formatMessage({ id: 'dateTypedInvalid' }, { text: typedBad, format: TYPED_FORMAT })
      : outOfRange || typedOutOfRange
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
  const clearedText =
    mode === 'ethiopian' && dayCleared
      ? intl.formatMessage({ id: 'dateDayCleared' }, { day: dayCleared, count: dayCount(parts) })
      : undefined
  const warningText = errorText ? undefined : (clearedText ?? warning)
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
              setTypedBad(null)
              setDayCleared(null)
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
                setTypedBad(null)
                setDayCleared(null)
                emit(null, EMPTY_PARTS)
              }}
            >
              {clearText}
            </Button>
          )}
        </Flex>
        {mode === 'gregorian' ? (
          <div
            onInputCapture={(event) => {
              typed.current = (event.target as HTMLInputElement).value
            }}
          >
            <DatePicker
              id={id}
              style={{ width: '100%' }}
              format={TYPED_FORMAT}
              defaultPickerValue={
                pickerYearsBack ? dayjs().subtract(pickerYearsBack, 'year') : undefined
              }
              minDate={MIN_DAY}
              maxDate={MAX_DAY}
              allowClear={false}
              disabled={disabled}
              status={errorText ? 'error' : warningText ? 'warning' : undefined}
              placeholder={intl.formatMessage({ id: 'selectDate' })}
              value={current && isValidIsoDate(current) ? dayjs(current) : null}
              onChange={(day: Dayjs | null) => {
                const next = day ? day.format('YYYY-MM-DD') : null
                setTypedBad(null)
                typed.current = ''
                emit(next, partsFromIso(next))
              }}
              onBlur={() => {
                // What is left typed in the box: a date the picker took, nothing, or a refusal.
                const text = typed.current.trim()
                typed.current = ''
                if (text === '' || text === current) setTypedBad(null)
                else if (isValidIsoDate(text) && isDateInRange(text)) {
                  setTypedBad(null)
                  emit(text, partsFromIso(text))
                } else setTypedBad(text)
                onBlur?.()
              }}
              // Enter confirms the typed date; it must not also submit the surrounding form.
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.preventDefault()
              }}
              aria-describedby={describedBy}
              aria-invalid={Boolean(errorText) || undefined}
              aria-required={required || undefined}
            />
          </div>
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
              // A month or year change that took the day away says so (Pagume: 5 or 6 days).
              const lost =
                parts.day !== null &&
                next.day === null &&
                next.month !== null &&
                (next.month !== parts.month || next.year !== parts.year)
              // Told until a day is chosen again (the year may still be being typed).
              if (lost) setDayCleared(parts.day)
              else if (next.day !== null || !hasAnyPart(next)) setDayCleared(null)
              emit(partsToIso(next), next)
            }}
          />
        )}
      </Flex>
    </Form.Item>
  )
}
