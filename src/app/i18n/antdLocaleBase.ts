import type { Locale } from 'antd/es/locale'
// The ES build: the same modules antd's ConfigProvider already holds for its English default.
import enUS from 'antd/es/locale/en_US'

/*
 * antd ships no Amharic or Afaan Oromoo locale, so we write them. They start from en_US for
 * structure and replace every string a church office will meet (pickers, modals, tables,
 * pagination, empty states, uploads, forms).
 */

export { enUS }

export type PickerLang = NonNullable<Locale['DatePicker']>['lang']

export function pickerLocale(lang: Partial<PickerLang>, time: string): Locale['DatePicker'] {
  const base = enUS.DatePicker!
  return {
    ...base,
    lang: { ...base.lang, ...lang } as PickerLang,
    timePickerLocale: { ...base.timePickerLocale, placeholder: time },
  }
}
