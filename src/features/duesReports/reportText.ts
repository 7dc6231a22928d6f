// How the dues reports write months, money, funds and methods in the user's language.
import { type IntlShape, useIntl } from 'react-intl'
import { useAppSelector } from '../../app/hooks'
import { ethiopianMonthName } from '../../domain'
import { monthOfYearText } from '../../shared/monthOfYear'
import { type Language, selectLanguage } from '../preferences'

/** An Ethiopian `YYYY-MM` month (13: Pagume) by its name: "ጥር 2018". */
export function monthText(month: string, language: Language): string {
  const [year, number] = month.split('-').map(Number)
  return `${ethiopianMonthName(number, language)} ${year}`
}

/** The same month with its era mark, as the home charts write months: "ኅዳር 2019 ዓ.ም.". */
export function eraMonthText(month: string, language: Language, intl: IntlShape): string {
  const [year, number] = month.split('-').map(Number)
  return monthOfYearText(intl, 'ethiopian', { year, month: number }, language)
}

export function fundText(
  fund: { name_am: string; name_en: string; name_om: string } | undefined,
  language: Language,
): string {
  if (!fund) return ''
  const own = language === 'am' ? fund.name_am : language === 'om' ? fund.name_om : fund.name_en
  return own || fund.name_en || fund.name_am || fund.name_om
}

/** The report's words: the language, and a payment method's name in it. */
export function useReportText() {
  const intl = useIntl()
  const language = useAppSelector(selectLanguage)
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values)
  // The receipt's and the payment form's names, so a method reads the same on every screen.
  const method = (key: string) => t(`paymentMethod.${key}`)
  // An Ethiopian month outside a table of months carries its era mark, as dates do.
  const month = (yearMonth: string) => eraMonthText(yearMonth, language, intl)
  return { t, language, method, month }
}
