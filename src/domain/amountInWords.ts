// An amount of money in words for receipts (issue 46), from integer minor units: "አንድ ሺህ ሁለት
// መቶ ብር ብቻ", "One thousand two hundred birr only", "Qarshii kuma tokko fi dhibba lama qofa".
// Written as a cheque is: the whole units, then the minor units ("and fifty santim"), then "only".

export type WordsLanguage = 'am' | 'en' | 'om'

/** Digits after the point in an ISO 4217 currency (2 for ETB and USD, 0 for JPY). */
export function minorDigits(currency: string): number {
  try {
    const options = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    return options.maximumFractionDigits ?? 2
  } catch {
    return 2
  }
}

// ---- English ----
const EN_ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
]
const EN_TENS = [
  '',
  '',
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'sixty',
  'seventy',
  'eighty',
  'ninety',
]
const EN_SCALES = ['', 'thousand', 'million', 'billion', 'trillion']

function enBelowThousand(n: number): string {
  const words: string[] = []
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  if (hundreds > 0) words.push(`${EN_ONES[hundreds]} hundred`)
  if (rest > 0 && rest < 20) words.push(EN_ONES[rest])
  else if (rest >= 20) {
    words.push(EN_TENS[Math.floor(rest / 10)] + (rest % 10 ? `-${EN_ONES[rest % 10]}` : ''))
  }
  return words.join(' ')
}

// ---- Amharic ----
const AM_ONES = ['', 'አንድ', 'ሁለት', 'ሦስት', 'አራት', 'አምስት', 'ስድስት', 'ሰባት', 'ስምንት', 'ዘጠኝ']
const AM_TENS = ['', 'አሥር', 'ሃያ', 'ሠላሳ', 'አርባ', 'ሃምሳ', 'ስልሳ', 'ሰባ', 'ሰማንያ', 'ዘጠና']
const AM_SCALES = ['', 'ሺህ', 'ሚሊዮን', 'ቢሊዮን', 'ትሪሊዮን']

function amBelowThousand(n: number): string {
  const words: string[] = []
  const hundreds = Math.floor(n / 100)
  const tens = Math.floor((n % 100) / 10)
  const ones = n % 10
  if (hundreds > 0) words.push(`${AM_ONES[hundreds]} መቶ`)
  // 11–19 are አሥራ + the unit: አሥራ አንድ.
  if (tens === 1 && ones > 0) words.push(`አሥራ ${AM_ONES[ones]}`)
  else {
    if (tens > 0) words.push(AM_TENS[tens])
    if (ones > 0) words.push(AM_ONES[ones])
  }
  return words.join(' ')
}

// ---- Afaan Oromoo ----
const OM_ONES = ['', 'tokko', 'lama', 'sadii', 'afur', 'shan', 'jaha', 'torba', 'saddeet', 'sagal']
const OM_TENS = [
  '',
  'kudhan',
  'digdama',
  'soddoma',
  'afurtama',
  'shantama',
  'jaatama',
  'torbaatama',
  'saddeettama',
  'sagaltama',
]
const OM_SCALES = ['', 'kuma', 'miliyoona', 'biliyoona', 'tiriliyoona']

/**
 * Oromo puts the multiplier after the counted word (dhibba lama = 200, kuma sadii = 3,000);
 * a ten joined to a unit takes its linking form: kudha tokko (11), digdamii tokko (21).
 */
function omBelowThousand(n: number): string {
  const parts: string[] = []
  const hundreds = Math.floor(n / 100)
  const tens = Math.floor((n % 100) / 10)
  const ones = n % 10
  if (hundreds > 0) parts.push(`dhibba ${OM_ONES[hundreds]}`)
  let rest = ''
  if (tens === 1) rest = ones > 0 ? `kudha ${OM_ONES[ones]}` : 'kudhan'
  else if (tens > 1)
    rest = ones > 0 ? `${OM_TENS[tens].slice(0, -1)}ii ${OM_ONES[ones]}` : OM_TENS[tens]
  else if (ones > 0) rest = OM_ONES[ones]
  if (rest) parts.push(rest)
  return parts.join(' fi ')
}

/** Splits n into groups of three digits, lowest first. */
function groups(n: number): number[] {
  const out: number[] = []
  let rest = n
  do {
    out.push(rest % 1000)
    rest = Math.floor(rest / 1000)
  } while (rest > 0)
  return out
}

/** A whole non-negative number in words, without the currency. */
export function numberInWords(n: number, language: WordsLanguage): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a count: ${n}`)
  if (n === 0) return { am: 'ዜሮ', en: 'zero', om: 'zeeroo' }[language]
  const parts = groups(n)
  if (parts.length > EN_SCALES.length) throw new RangeError(`too large: ${n}`)
  const words: string[] = []
  for (let scale = parts.length - 1; scale >= 0; scale--) {
    const group = parts[scale]
    if (group === 0) continue
    if (language === 'en') {
      words.push([enBelowThousand(group), EN_SCALES[scale]].filter(Boolean).join(' '))
    } else if (language === 'am') {
      words.push([amBelowThousand(group), AM_SCALES[scale]].filter(Boolean).join(' '))
    } else {
      words.push([OM_SCALES[scale], omBelowThousand(group)].filter(Boolean).join(' '))
    }
  }
  return words.join(language === 'om' ? ' fi ' : ' ')
}

interface UnitNames {
  major: [string, string]
  minor: [string, string]
}

// [singular, plural]; a currency not listed here is named by its code.
const UNITS: Record<WordsLanguage, Record<string, UnitNames>> = {
  en: {
    ETB: { major: ['birr', 'birr'], minor: ['santim', 'santim'] },
    USD: { major: ['dollar', 'dollars'], minor: ['cent', 'cents'] },
    CAD: { major: ['Canadian dollar', 'Canadian dollars'], minor: ['cent', 'cents'] },
    EUR: { major: ['euro', 'euros'], minor: ['cent', 'cents'] },
    GBP: { major: ['pound', 'pounds'], minor: ['penny', 'pence'] },
  },
  am: {
    ETB: { major: ['ብር', 'ብር'], minor: ['ሳንቲም', 'ሳንቲም'] },
    USD: { major: ['ዶላር', 'ዶላር'], minor: ['ሳንቲም', 'ሳንቲም'] },
    CAD: { major: ['የካናዳ ዶላር', 'የካናዳ ዶላር'], minor: ['ሳንቲም', 'ሳንቲም'] },
    EUR: { major: ['ዩሮ', 'ዩሮ'], minor: ['ሳንቲም', 'ሳንቲም'] },
    GBP: { major: ['ፓውንድ', 'ፓውንድ'], minor: ['ፔኒ', 'ፔኒ'] },
  },
  om: {
    ETB: { major: ['qarshii', 'qarshii'], minor: ['saantima', 'saantima'] },
    USD: { major: ['doolaara', 'doolaara'], minor: ['saantima', 'saantima'] },
    CAD: { major: ['doolaara Kanaadaa', 'doolaara Kanaadaa'], minor: ['saantima', 'saantima'] },
    EUR: { major: ['yuuroo', 'yuuroo'], minor: ['saantima', 'saantima'] },
    GBP: { major: ['paawundii', 'paawundii'], minor: ['peenii', 'peenii'] },
  },
}

const MINOR_FALLBACK: Record<WordsLanguage, [string, string]> = {
  en: ['cent', 'cents'],
  am: ['ሳንቲም', 'ሳንቲም'],
  om: ['saantima', 'saantima'],
}

function unitNames(currency: string, language: WordsLanguage): UnitNames {
  const code = currency.toUpperCase()
  return UNITS[language][code] ?? { major: [code, code], minor: MINOR_FALLBACK[language] }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * An amount in integer minor units (santim, cents) in words, for the receipt: "አሥር ብር
 * ከሃምሳ ሳንቲም ብቻ", "Ten birr and fifty santim only", "Qarshii kudhan fi saantima shantama qofa".
 */
export function amountInWords(minor: number, currency: string, language: WordsLanguage): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`not an amount: ${minor}`)
  const digits = minorDigits(currency)
  const factor = 10 ** digits
  const whole = Math.floor(minor / factor)
  const cents = minor % factor
  const names = unitNames(currency, language)
  const pick = (pair: [string, string], n: number) => (n === 1 ? pair[0] : pair[1])
  const major = whole > 0 || cents === 0 ? numberInWords(whole, language) : ''
  const fraction = cents > 0 ? numberInWords(cents, language) : ''

  if (language === 'en') {
    const parts: string[] = []
    if (major) parts.push(`${major} ${pick(names.major, whole)}`)
    if (fraction) parts.push(`${fraction} ${pick(names.minor, cents)}`)
    return capitalise(`${parts.join(' and ')} only`)
  }
  if (language === 'am') {
    const parts: string[] = []
    if (major) parts.push(`${major} ${names.major[0]}`)
    // "and" before the santim is the prefix ከ: አሥር ብር ከሃምሳ ሳንቲም.
    if (fraction) parts.push(`${major ? 'ከ' : ''}${fraction} ${names.minor[0]}`)
    return `${parts.join(' ')} ብቻ`
  }
  // Oromo names the thing counted first: qarshii kudhan (ten birr).
  const parts: string[] = []
  if (major) parts.push(`${names.major[0]} ${major}`)
  if (fraction) parts.push(`${names.minor[0]} ${fraction}`)
  return capitalise(`${parts.join(' fi ')} qofa`)
}
