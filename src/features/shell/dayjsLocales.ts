import dayjs from 'dayjs'
import amLocale from 'dayjs/locale/am'
import { GREGORIAN_MONTHS } from '../../domain'
import type { Language } from '../preferences'

// dayjs has no Afaan Oromoo locale; antd's Gregorian picker reads month and weekday names here.
dayjs.locale(
  {
    name: 'om',
    months: [...GREGORIAN_MONTHS.om],
    monthsShort: 'Ama_Gur_Bit_Ebl_Caa_Wax_Ado_Hag_Ful_Onk_Sad_Mud'.split('_'),
    weekdays: 'Dilbata_Wiixata_Qibxata_Roobii_Kamisa_Jimaata_Sanbata'.split('_'),
    weekdaysShort: 'Dil_Wix_Qib_Rob_Kam_Jim_San'.split('_'),
    weekdaysMin: 'Dl_Wx_Qb_Rb_Km_Jm_Sn'.split('_'),
    // CLDR: the week starts on Sunday in Ethiopia (firstDay ET = sun).
    weekStart: 0,
    formats: {
      LT: 'HH:mm',
      LTS: 'HH:mm:ss',
      L: 'DD/MM/YYYY',
      LL: 'D MMMM YYYY',
      LLL: 'D MMMM YYYY HH:mm',
      LLLL: 'dddd, D MMMM YYYY HH:mm',
    },
    ordinal: (n: number) => `${n}ffaa`,
  } as unknown as ILocale,
  undefined,
  true,
)

// dayjs's Amharic locale starts the week on Monday; CLDR (and Ethiopian wall calendars) say Sunday.
// Its month names are ours, so the picker spells February as every formatted date does (ፌብሩዋሪ).
dayjs.locale(
  {
    ...amLocale,
    months: [...GREGORIAN_MONTHS.am],
    monthsShort: GREGORIAN_MONTHS.am.map((name) => [...name].slice(0, 4).join('')),
    weekStart: 0,
  } as ILocale,
  undefined,
  true,
)

/** Keeps dayjs (and so antd's pickers) in the interface language. */
export function applyDayjsLocale(language: Language) {
  dayjs.locale(language === 'en' ? 'en' : language)
}

/**
 * For the signed-in frame: every date picker lives behind sign-in, so dayjs and its locales
 * load with that frame instead of with /login.
 */
export function useDayjsLocale(language: Language) {
  applyDayjsLocale(language)
}
