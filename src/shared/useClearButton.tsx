import { CloseCircleFilled } from '@ant-design/icons'
import { useMemo } from 'react'
import { useIntl } from 'react-intl'

/**
 * antd's clear buttons in the user's language (issue 28): Select names its clear button
 * "Clear" in English whatever the locale, and Input's has no name at all. Pass `select` to a
 * Select's `allowClear`, `input` to an Input's.
 */
export function useClearButton() {
  const intl = useIntl()
  const label = intl.formatMessage({ id: 'clear' })
  return useMemo(() => {
    const clearIcon = <CloseCircleFilled role="img" aria-label={label} />
    return { select: { label, clearIcon }, input: { clearIcon } }
  }, [label])
}
