import enUS from 'antd/es/locale/en_US'
import am from './antdAm.json'
import { amLocale } from './antdAm'
import om from './antdOm.json'
import { omLocale } from './antdOm'

/** Where antd keeps a component's English strings (the pickers' under `lang`). */
function englishOf(component: string): Record<string, unknown> {
  const locale = enUS as unknown as Record<string, Record<string, unknown>>
  return component === 'DatePicker'
    ? (locale.DatePicker.lang as Record<string, unknown>)
    : locale[component]
}

describe.each([
  ['am', am, amLocale],
  ['om', om, omLocale],
])('antd in %s', (locale, words, built) => {
  it.each(Object.keys(words))('%s: each word replaces one of antd’s English strings', (part) => {
    const english = englishOf(part)
    for (const [key, word] of Object.entries(words[part as keyof typeof words])) {
      expect([key, Array.isArray(word)]).toEqual([key, Array.isArray(english[key])])
      expect([key, typeof english[key]]).toEqual([key, typeof word])
    }
  })

  it('is the language of the locale and its pickers', () => {
    expect(built.locale).toBe(locale)
    expect(built.DatePicker?.lang.locale).toBe(locale)
    expect(built.Calendar).toBe(built.DatePicker)
    expect(built.DatePicker?.timePickerLocale.placeholder).toBe(words.TimePicker.placeholder)
  })
})
