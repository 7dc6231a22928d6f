import { useMemo } from 'react'
import { useIntl } from 'react-intl'
import { joinList, labelled, localClock, quoted, textLanguage } from '../domain'

/**
 * Lists, labels, quotes and clock times in the interface language's punctuation
 * (src/domain/textParts.ts), for text a component joins itself.
 */
export function useTextParts() {
  const intl = useIntl()
  return useMemo(() => {
    const language = textLanguage(intl.locale)
    return {
      language,
      list: (items: readonly string[]) => joinList(items, language),
      labelled: (label: string, value: string) => labelled(label, value, language),
      quoted: (text: string) => quoted(text, language),
      /**
       * A 24-hour "hh:mm": in Amharic and Oromo with its Ethiopian reading beside it
       * ("08:05 (ከጠዋቱ 2:05)"), so it is not taken for Ethiopian hours.
       */
      clock: (hhmm: string) => {
        const [h, m] = hhmm.split(':').map(Number)
        if (language === 'en' || !Number.isInteger(h) || !Number.isInteger(m)) return hhmm
        const local = intl.formatMessage({ id: 'localClock' }, { ...localClock(h, m) })
        return intl.formatMessage({ id: 'clockWithLocal' }, { time: hhmm, local })
      },
    }
  }, [intl])
}
