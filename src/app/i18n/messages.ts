import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { Language } from '../../features/preferences'

/** Plain ICU strings in tests; parsed ASTs in the built client (compile-messages-loader). */
export type Messages = Record<string, string | MessageFormatElement[]>

/** BCP 47 tag for Intl: Afaan Oromoo as spoken in Ethiopia. */
export function intlLocale(language: Language): string {
  return language === 'om' ? 'om-ET' : language === 'am' ? 'am-ET' : 'en'
}
