import { useCallback, useMemo } from 'react'
import { useIntl } from 'react-intl'
import {
  ENUM_OPTIONS,
  JOBS,
  LIST_OPTIONS,
  type EnumField,
  type EnumOption,
  type OptionListField,
} from '../../domain'

/** Every field whose values are option keys with translated labels. */
export type OptionField = EnumField | OptionListField | 'job'

export const OPTIONS_OF: Readonly<Record<OptionField, readonly EnumOption<string>[]>> = {
  ...ENUM_OPTIONS,
  ...LIST_OPTIONS,
  job: JOBS,
}

/** 'option.<field>.<key>', e.g. option.membership_status.regularAttendee. */
export function optionMessageId(field: OptionField, key: string): string {
  return `option.${field}.${key}`
}

/**
 * (field, value) → the value's label in the interface language. Values that are not option keys
 * (custom gifts, ministries or jobs typed by a user, or a legacy label) are shown verbatim.
 */
export function useOptionLabel(): (field: OptionField, value: string) => string {
  const intl = useIntl()
  return useCallback(
    (field, value) => {
      const option = OPTIONS_OF[field].find((o) => o.key === value)
      if (!option) return value
      const id = optionMessageId(field, option.key)
      return intl.messages[id] ? intl.formatMessage({ id }) : option.label
    },
    [intl],
  )
}

/** The antd options of a field, labels translated; `keys` narrows and orders them. */
export function useOptions(
  field: OptionField,
  keys?: readonly string[],
): { value: string; label: string }[] {
  const label = useOptionLabel()
  // The same array until the language changes, so a memoised field does not draw its select again.
  return useMemo(
    () =>
      (keys ?? OPTIONS_OF[field].map((o) => o.key)).map((key) => ({
        value: key,
        label: label(field, key),
      })),
    [label, field, keys],
  )
}
