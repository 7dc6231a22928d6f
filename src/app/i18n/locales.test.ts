import am from '../../../locales/am.json'
import en from '../../../locales/en.json'
import om from '../../../locales/om.json'
import { loadLanguage } from './bundles'

const catalogs: Record<string, Record<string, string>> = { en, am, om }
const ETHIOPIC = /[\u1200-\u137F]/
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]).sort()

/**
 * Texts that are rightly the same in English and Amharic or Oromo: brand names, codes, units
 * words Afaan Oromoo writes as English does, and texts of placeholders only ("{field}: {value}", "{count, number}+").
 */
const SAME_IN_AMHARIC = new Set(['appTitle', 'clockWithLocal', 'memberCountCappedShort', 'quoted'])
const SAME_IN_OROMO =
  /^(appTitle|clockWithLocal|labelledValue|memberCountCappedShort|quoted|searchMatchField|option\.(highest_education\.phd|preferred_contact_method\.sms|nationality\.\w+)|paymentMethod\.(telebirr|cbe_birr))$/

describe('locale files', () => {
  it('hold the same keys in en, am and om', () => {
    const keys = Object.keys(en).sort()
    expect(Object.keys(am).sort()).toEqual(keys)
    expect(Object.keys(om).sort()).toEqual(keys)
  })

  it.each(['en', 'am', 'om'])('%s has no empty text', (lang) => {
    const empty = Object.entries(catalogs[lang]).filter(([, text]) => !text.trim())
    expect(empty).toEqual([])
  })

  it('Amharic texts are written in Ge\u2019ez script, not left in English', () => {
    const untranslated = Object.entries(am).filter(
      ([key, text]) => !ETHIOPIC.test(text) && !SAME_IN_AMHARIC.has(key),
    )
    expect(untranslated).toEqual([])
  })

  it('Afaan Oromoo texts are translated (Latin script, not Ge\u2019ez, not the English text)', () => {
    const enMessages = en as Record<string, string>
    const suspicious = Object.entries(om).filter(
      ([key, text]) =>
        ETHIOPIC.test(text.replace(/\{[^}]*\}/g, '')) ||
        (text === enMessages[key] && text.length > 3 && !SAME_IN_OROMO.test(key)),
    )
    expect(suspicious).toEqual([])
  })

  it('every translation keeps the placeholders of the English text', () => {
    const enMessages = en as Record<string, string>
    const broken = ['am', 'om'].flatMap((lang) =>
      Object.entries(catalogs[lang])
        .filter(([key, text]) => {
          const a = placeholders(enMessages[key] ?? '')
          const b = placeholders(text)
          return new Set(a).size !== new Set(b).size || a.some((p) => !b.includes(p))
        })
        .map(([key]) => `${lang}:${key}`),
    )
    expect(broken).toEqual([])
  })

  it('loads each language’s own texts', async () => {
    expect((await loadLanguage('am')).messages).toBe(am)
    expect((await loadLanguage('om')).messages.loginButton).toBe(om.loginButton)
    expect((await loadLanguage('en')).messages.loginButton).toBe(en.loginButton)
  })
})
