// The ID card's two languages (issue 42), chosen in the church profile: Amharic always, beside
// English or Afaan Oromoo, or the reader's choice when the church has chosen none.

/** `reader`: Afaan Oromoo for a reader in Oromo, else English; the others name the pair. */
export const ID_CARD_LANGUAGES = ['reader', 'am_en', 'om_am'] as const
export type IdCardLanguages = (typeof ID_CARD_LANGUAGES)[number]
export const DEFAULT_ID_CARD_LANGUAGES: IdCardLanguages = 'reader'

export const isIdCardLanguages = (value: unknown): value is IdCardLanguages =>
  (ID_CARD_LANGUAGES as readonly unknown[]).includes(value)

/** The card's Latin-script language beside Amharic, for a reader of `reader`. */
export function idCardPartner(choice: IdCardLanguages, reader: string): 'en' | 'om' {
  if (choice === 'am_en') return 'en'
  if (choice === 'om_am') return 'om'
  return reader === 'om' ? 'om' : 'en'
}
