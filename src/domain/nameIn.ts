// Names kept in three languages (the church's, a fund's): one rule for which of them shows.

/** A name kept in three languages: the reader's, else the first one written (en, am, om). */
export function nameIn(
  names: { name_am: string; name_en: string; name_om: string },
  language: 'am' | 'en' | 'om',
): string {
  const own = names[`name_${language}`].trim()
  return own || names.name_en.trim() || names.name_am.trim() || names.name_om.trim()
}
