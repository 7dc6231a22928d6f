// Fields of the Ethiopian name and address (issue 26) shared by the wizard and the profile: the
// Latin-script name that follows the Ge'ez name until the user corrects it, and the Region field
// with the regions and chartered cities offered in the interface language.
import { useFormikContext } from 'formik'
import { useEffect, useMemo, useRef } from 'react'
import { useIntl } from 'react-intl'
import {
  ETHIOPIAN_REGIONS,
  fullName,
  hasGeezLetters,
  regionMessageId,
  transliterateGeez,
} from '../../domain'
import { FormikTextField } from './formikFields'

interface NameValues {
  first_name?: unknown
  middle_name?: unknown
  last_name?: unknown
  latin_name?: unknown
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** The passport spelling suggested for a Ge'ez name, '' for a name with no Ge'ez letter. */
export function latinSuggestion(values: NameValues): string {
  const name = fullName({
    first_name: text(values.first_name),
    middle_name: text(values.middle_name),
    last_name: text(values.last_name),
  })
  return hasGeezLetters(name) ? transliterateGeez(name) : ''
}

/**
 * The Latin-script name, prefilled with the transliteration of the Ge'ez name and kept in step
 * with it while it still holds the suggestion (or nothing); once the user types another
 * spelling, that spelling stays.
 */
export function FormikLatinNameField({ disabled }: { disabled?: boolean }) {
  const { values, setFieldValue } = useFormikContext<NameValues>()
  const suggestion = latinSuggestion(values)
  const current = text(values.latin_name)
  // The suggestion last acted on: the field reacts to a new suggestion only, so a field the user
  // cleared or corrected stays as it is until the Ge'ez name changes.
  const seen = useRef<string | null>(null)
  useEffect(() => {
    if (disabled) return
    const previous = seen.current
    if (previous === suggestion) return
    seen.current = suggestion
    const following = current === '' || (previous !== null && current === previous)
    if (suggestion === '' || !following || suggestion === current) return
    void setFieldValue('latin_name', suggestion, false)
  }, [suggestion, current, disabled, setFieldValue])
  return (
    <FormikTextField
      name="latin_name"
      helpId="latinNameHelp"
      autoComplete="off"
      disabled={disabled}
    />
  )
}

/** Region (the spec's `state`): the Ethiopian regions offered, free text allowed. */
export function FormikRegionField({
  required,
  disabled,
}: {
  required?: boolean
  disabled?: boolean
}) {
  const intl = useIntl()
  const regions = useMemo(
    () => ETHIOPIAN_REGIONS.map((region) => intl.formatMessage({ id: regionMessageId(region) })),
    [intl],
  )
  return (
    <FormikTextField
      name="state"
      required={required}
      disabled={disabled}
      helpId="stateHelp"
      autoComplete="address-level1"
      suggestions={regions}
    />
  )
}
