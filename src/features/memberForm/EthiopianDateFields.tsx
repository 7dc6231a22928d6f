import { Flex, Input, Select } from 'antd'
import { useMemo } from 'react'
import { useIntl } from 'react-intl'
import { ETHIOPIAN_MONTHS_GEEZ } from '../../domain'
import { useAppSelector } from '../../app/hooks'
import { selectLanguage } from '../preferences'
import { changeParts, dayCount, type EthiopianParts, yearDigits } from './ethiopianParts'
import { ethiopianMonthName } from './memberDates'

export interface EthiopianDateFieldsProps {
  id: string
  labelId: string
  parts: EthiopianParts
  onPartsChange: (parts: EthiopianParts) => void
  /** Told when the user typed something other than digits into the year. */
  onNonDigitYear: () => void
  onYearBlur: () => void
  disabled?: boolean
  invalid?: boolean
  describedBy?: string
  required?: boolean
}

/** Day, Month (13 Ge'ez names) and a digits-only Year: the Ethiopian mode of spec 2.5. */
export function EthiopianDateFields({
  id,
  labelId,
  parts,
  onPartsChange,
  onNonDigitYear,
  onYearBlur,
  disabled,
  invalid,
  describedBy,
  required,
}: EthiopianDateFieldsProps) {
  const intl = useIntl()
  const language = useAppSelector(selectLanguage)
  const days = dayCount(parts)
  const dayOptions = useMemo(
    () => Array.from({ length: days }, (_, i) => ({ value: i + 1, label: String(i + 1) })),
    [days],
  )
  // Ge'ez names always (spec 2.5); readers of en/om also get the name they know.
  const monthOptions = useMemo(
    () =>
      ETHIOPIAN_MONTHS_GEEZ.map((geez, i) => ({
        value: i + 1,
        label: language === 'am' ? geez : `${geez} (${ethiopianMonthName(i + 1, language)})`,
      })),
    [language],
  )
  const common = {
    disabled,
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
    'aria-required': required || undefined,
  }
  const dayLabel = intl.formatMessage({ id: 'ethiopianDay' })
  const monthLabel = intl.formatMessage({ id: 'ethiopianMonth' })
  const yearLabel = intl.formatMessage({ id: 'ethiopianYear' })

  return (
    <Flex role="group" aria-labelledby={labelId} gap={8} wrap className="ethiopian-date">
      <Select
        id={id}
        {...common}
        aria-label={dayLabel}
        placeholder={dayLabel}
        // Wide enough for the longest placeholder ("Guyyaa" in Afaan Oromoo, issue 28).
        style={{ width: 100 }}
        options={dayOptions}
        value={parts.day}
        status={invalid ? 'error' : undefined}
        onChange={(day: number | null) => onPartsChange(changeParts(parts, { day: day ?? null }))}
      />
      <Select
        id={`${id}-month`}
        {...common}
        aria-label={monthLabel}
        placeholder={monthLabel}
        style={{ flex: '1 1 120px', minWidth: 120 }}
        options={monthOptions}
        value={parts.month}
        showSearch={{ optionFilterProp: 'label' }}
        status={invalid ? 'error' : undefined}
        onChange={(month: number | null) =>
          onPartsChange(changeParts(parts, { month: month ?? null }))
        }
      />
      <Input
        id={`${id}-year`}
        {...common}
        aria-label={yearLabel}
        placeholder={yearLabel}
        style={{ width: 84 }}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        maxLength={4}
        value={parts.year}
        status={invalid ? 'error' : undefined}
        onBlur={onYearBlur}
        onChange={(event) => {
          const raw = event.target.value
          const year = yearDigits(raw)
          onPartsChange(changeParts(parts, { year }))
          // After the change, which clears the notice: a rejected character sets it again.
          if (year !== raw) onNonDigitYear()
        }}
      />
    </Flex>
  )
}
