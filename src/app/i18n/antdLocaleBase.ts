import type { Locale } from 'antd/es/locale'
// The ES build: the same modules antd's ConfigProvider already holds for its English default.
import enUS from 'antd/es/locale/en_US'
import type amWords from './antdAm.json'

/*
 * antd ships no Amharic or Afaan Oromoo locale, so we write them. They start from en_US for
 * structure and replace every string a church office will meet (pickers, modals, tables,
 * pagination, empty states, uploads, forms).
 */

/**
 * A language's words for antd (antdAm.json, antdOm.json), by antd's component and key. The
 * Amharic file sets the list, so another language missing a word fails the type check.
 */
export type AntdWords = typeof amWords

type PickerLang = NonNullable<Locale['DatePicker']>['lang']

/** antd's English locale with every string of `words` in its place. */
export function antdLocale(locale: string, words: AntdWords): Locale {
  const base = enUS.DatePicker!
  const picker: Locale['DatePicker'] = {
    ...base,
    lang: { ...base.lang, locale, ...words.DatePicker } as PickerLang,
    timePickerLocale: { ...base.timePickerLocale, placeholder: words.TimePicker.placeholder },
  }
  return {
    ...enUS,
    locale,
    DatePicker: picker,
    Calendar: picker,
    TimePicker: words.TimePicker as Locale['TimePicker'],
    Pagination: { ...enUS.Pagination, ...words.Pagination },
    global: { ...enUS.global, ...words.global },
    Table: { ...enUS.Table, ...words.Table },
    Modal: words.Modal,
    Popconfirm: words.Popconfirm,
    Upload: words.Upload,
    Empty: words.Empty,
    Text: words.Text,
    Form: { ...enUS.Form!, ...words.Form },
  }
}
