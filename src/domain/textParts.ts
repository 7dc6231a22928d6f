// Punctuation Abal puts between words it joins in code: Amharic writes its own list separator
// (፣), colon after a label (፦) and quotation marks («…»); English and Afaan Oromoo use Latin ones.
import type { DateLanguage } from './dateFormat'

/** The language of an Intl locale tag ("am-ET" → am, "om-ET" → om, anything else → en). */
export function textLanguage(locale: string): DateLanguage {
  if (locale.startsWith('am')) return 'am'
  if (locale.startsWith('om')) return 'om'
  return 'en'
}

/** What goes between two items of a list: "a፣ b" in Amharic, "a, b" otherwise. */
export function listSeparator(language: DateLanguage): string {
  return language === 'am' ? '፣ ' : ', '
}

/** Items joined as the language writes a list; empty items are left out. */
export function joinList(items: readonly string[], language: DateLanguage): string {
  return items.filter((item) => item !== '').join(listSeparator(language))
}

/** The mark after a label: ፦ in Amharic, a colon otherwise. */
export function labelMark(language: DateLanguage): string {
  return language === 'am' ? '፦' : ':'
}

/** A label and its value: "ስም፦ አበበ", "Maqaa: Abebe". */
export function labelled(label: string, value: string, language: DateLanguage): string {
  return `${label}${labelMark(language)} ${value}`
}

/** Quoted text: «…» in Amharic, “…” otherwise. */
export function quoted(text: string, language: DateLanguage): string {
  return language === 'am' ? `«${text}»` : `“${text}”`
}

export interface LocalClock {
  /** 1–12, counted from 6 o'clock as Ethiopia counts its hours (08:05 is 2:05 in the morning). */
  hour: number
  minute: string
  period: 'morning' | 'day' | 'evening' | 'night'
}

/**
 * The Ethiopian reading of a 24-hour time: the day's hours count from sunrise (06:00 is 12, 07:00
 * is 1), so a reader of Amharic or Oromo who sees "08:05" alone may take it for two in the
 * afternoon. Periods: morning 06–11, day 12–17, evening 18–23, night 00–05.
 */
export function localClock(hours: number, minutes: number): LocalClock {
  const hour = ((hours + 5) % 12) + 1
  const period =
    hours >= 6 && hours < 12
      ? 'morning'
      : hours >= 12 && hours < 18
        ? 'day'
        : hours >= 18
          ? 'evening'
          : 'night'
  return { hour, minute: String(minutes).padStart(2, '0'), period }
}
