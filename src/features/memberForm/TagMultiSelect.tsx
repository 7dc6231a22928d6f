import { Select } from 'antd'
import { useIntl } from 'react-intl'
import { normalizeListOption, uniqueEntries, type OptionListField } from '../../domain'
import { useOptions } from './optionLabels'

export interface TagMultiSelectProps {
  id: string
  field: OptionListField
  value: readonly string[] | null | undefined
  onChange: (value: string[]) => void
  onBlur?: () => void
  disabled?: boolean
  invalid?: boolean
  required?: boolean
  describedBy?: string
  placeholder?: string
}

/** Spec 9.7: the menus of the multi-selects. */
export const MULTI_SELECT_MENU_HEIGHT = 224
export const MULTI_SELECT_MENU_WIDTH = 250

/**
 * Predefined options plus entries of one's own, shown as chips. A typed entry that names a
 * predefined option ("choir", "Choir") becomes its key, so it is translated like the rest.
 */
export function TagMultiSelect({
  id,
  field,
  value,
  onChange,
  onBlur,
  disabled,
  invalid,
  required,
  describedBy,
  placeholder,
}: TagMultiSelectProps) {
  const intl = useIntl()
  const options = useOptions(field)
  return (
    <Select
      id={id}
      mode="tags"
      style={{ width: '100%' }}
      options={options}
      value={value ? [...value] : []}
      tokenSeparators={[',']}
      listHeight={MULTI_SELECT_MENU_HEIGHT}
      popupMatchSelectWidth={MULTI_SELECT_MENU_WIDTH}
      showSearch={{ optionFilterProp: 'label' }}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      placeholder={placeholder ?? intl.formatMessage({ id: 'selectOrType' })}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required={required || undefined}
      onBlur={onBlur}
      onChange={(next: string[]) =>
        onChange(
          uniqueEntries(
            next.map((item) => normalizeListOption(field, item)).filter((item) => item !== ''),
          ),
        )
      }
    />
  )
}
