// What the card says. The card is bilingual by design (spec 2.9): its labels are card content in
// Amharic and a Latin-script partner, English (Afaan Oromoo for an Oromo reader, issue 42),
// whatever else the interface says, so they live here and not in locales/.
import {
  bindCompoundNames,
  DEFAULT_NATIONALITY,
  enumLabel,
  fullName,
  GENDERS,
  hasGeezLetters,
  type Member,
  MINISTRIES,
  memberIdNumber,
  todayIso,
} from '../../domain'

export const CARD_LABELS = {
  title: 'Church Member ID',
  titleAm: 'የቤተ ክርስቲያን አባልነት መታወቂያ',
  details: 'Member Details',
  detailsAm: 'የአባል ዝርዝር መረጃ',
  gender: 'Gender · ጾታ',
  dateOfBirth: 'Date of Birth · የትውልድ ቀን',
  phone: 'Phone · ስልክ',
  ministries: 'Current Ministries · የአሁኑ አገልግሎቶች',
  address: 'Address · አድራሻ',
  nationality: 'Nationality · ዜግነት',
  emergency: 'Emergency Contact · የአደጋ ጊዜ ተጠሪ',
  joined: 'Joined · የተቀላቀሉበት ቀን',
  idNumber: 'ID No. · መለያ ቁጥር',
  issued: 'Issued · የተሰጠበት',
  returnNote: 'If found, please return to the church office · ከተገኘ እባክዎ ለቤተ ክርስቲያኑ ጽ/ቤት ይመልሱ',
} as const

export type CardLabels = { readonly [K in keyof typeof CARD_LABELS]: string }

/** The same labels in Afaan Oromoo and Amharic (docs/spec-conformance.md). */
export const OROMO_CARD_LABELS: CardLabels = {
  title: 'Eenyummaa miseensa Waldaa Kiristaanaa',
  titleAm: CARD_LABELS.titleAm,
  details: 'Odeeffannoo miseensaa',
  detailsAm: CARD_LABELS.detailsAm,
  gender: 'Saala · ጾታ',
  dateOfBirth: 'Guyyaa dhalootaa · የትውልድ ቀን',
  phone: 'Bilbila · ስልክ',
  ministries: 'Tajaajila ammaa · የአሁኑ አገልግሎቶች',
  address: 'Teessoo · አድራሻ',
  nationality: 'Lammummaa · ዜግነት',
  emergency: 'Nama quunnamtii yeroo balaa · የአደጋ ጊዜ ተጠሪ',
  joined: 'Guyyaa itti makaman · የተቀላቀሉበት ቀን',
  idNumber: 'Lakk. eenyummaa · መለያ ቁጥር',
  issued: 'Kan kenname · የተሰጠበት',
  returnNote:
    'Yoo argattan, maaloo waajjira Waldaa Kiristaanaatti deebisaa · ከተገኘ እባክዎ ለቤተ ክርስቲያኑ ጽ/ቤት ይመልሱ',
}

/** The language printed beside Amharic: English, or Afaan Oromoo for an Oromo reader. */
export type CardPartner = 'en' | 'om'

export const cardLabels = (partner: CardPartner): CardLabels =>
  partner === 'om' ? OROMO_CARD_LABELS : CARD_LABELS

/**
 * Address labels in the script the address is written in: an address typed in Ge'ez reads
 * "ቀበሌ 12", one typed in Latin letters "Kebele 12", as each is written on Ethiopian forms.
 */
const ADDRESS_LABELS = {
  latin: { house: 'H.No.', kebele: 'Kebele', woreda: 'Woreda', poBox: 'P.O. Box' },
  geez: { house: 'የቤት ቁ.', kebele: 'ቀበሌ', woreda: 'ወረዳ', poBox: 'ፖ.ሣ.ቁ.' },
} as const

const AMHARIC_VALUES: Record<string, string> = {
  male: 'ወንድ',
  female: 'ሴት',
  Ethiopia: 'ኢትዮጵያ',
}

/**
 * The ministries in Amharic, as locales/am.json words them (a test keeps the two the same): the
 * card carries its own words so that its chunk does not load a whole language's messages.
 */
export const AMHARIC_MINISTRIES: Readonly<Record<string, string>> = {
  administration: 'አስተዳደር',
  apostle: 'ሐዋርያ',
  cellGroup: 'የቤት ለቤት ኅብረት',
  childrensMinistry: 'የልጆች አገልግሎት',
  choir: 'መዘምራን',
  counseling: 'የምክር አገልግሎት',
  deacon: 'ዲያቆን',
  elder: 'ሽማግሌ',
  evangelism: 'ወንጌል ስርጭት',
  evangelist: 'ወንጌላዊ',
  hospitality: 'እንግዳ ተቀባይነት',
  media: 'ሚዲያ',
  mensMinistry: 'የወንዶች አገልግሎት',
  missions: 'ሚሲዮን (ተልዕኮ)',
  outreach: 'የማዳረስ አገልግሎት',
  pastor: 'እረኝነት (ፓስተር)',
  prayerTeam: 'የጸሎት ቡድን',
  prophet: 'ነቢይ',
  sundaySchool: 'ሰንበት ትምህርት ቤት',
  teacher: 'አስተማሪ',
  visitation: 'ጉብኝት',
  womensMinistry: 'የሴቶች አገልግሎት',
  worshipTeam: 'የአምልኮ ቡድን',
  youthMinistry: 'የወጣቶች አገልግሎት',
}

/** Values in Afaan Oromoo, as locales/om.json words them (a test keeps the two the same). */
const OROMO_VALUES: Record<string, string> = {
  male: 'Dhiira',
  female: 'Dubartii',
  Ethiopia: 'Itoophiyaa',
}

/** The ministries in Afaan Oromoo, as locales/om.json words them. */
export const OROMO_MINISTRIES: Readonly<Record<string, string>> = {
  administration: 'Bulchiinsa',
  apostle: 'Ergamaa',
  cellGroup: 'Garee manaa',
  childrensMinistry: "Tajaajila daa'immanii",
  choir: 'Faarfattoota',
  counseling: 'Gorsa',
  deacon: 'Diyaaqona',
  elder: 'Jaarsa waldaa',
  evangelism: 'Wangeela lallabuu',
  evangelist: 'Wangeelessaa',
  hospitality: 'Keessummeessuu',
  media: 'Miidiyaa',
  mensMinistry: 'Tajaajila dhiirotaa',
  missions: 'Ergama',
  outreach: "Tajaajila bira ga'uu",
  pastor: 'Phaastara',
  prayerTeam: 'Garee kadhannaa',
  prophet: 'Raajii',
  sundaySchool: 'Mana barumsaa Dilbataa',
  teacher: 'Barsiisaa',
  visitation: 'Daawwannaa',
  womensMinistry: 'Tajaajila dubartootaa',
  worshipTeam: 'Garee waaqeffannaa',
  youthMinistry: 'Tajaajila dargaggootaa',
}

/** Shown for a field the member record leaves empty. */
export const EMPTY_VALUE = '—'

export interface CardFields {
  /** The full name, compound names bound by no-break spaces (never broken across lines). */
  name: string
  /** The name in Latin script, as on the passport; '' without one. */
  latinName: string
  idNumber: string
  gender: string
  dateOfBirth: string
  phone: string
  ministries: string
  address: string
  nationality: string
  emergencyContact: string
  joined: string
  issued: string
}

/** Formats a yyyy-mm-dd date in the user's calendar; '' when there is none. */
export type FormatDate = (iso: string | null | undefined) => string

const orEmpty = (text: string | null | undefined) => text?.trim() || EMPTY_VALUE
/** A known value in the partner language and Amharic; anything else as it is. */
const bilingual = (english: string, key: string, partner: CardPartner) => {
  const first = partner === 'om' ? (OROMO_VALUES[key] ?? english) : english
  return AMHARIC_VALUES[key] ? `${first} · ${AMHARIC_VALUES[key]}` : first
}

function listText(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String)
  // spec 3.1: a list may come back as a string
  if (typeof value === 'string') return value.split(',')
  return []
}

/** Every value printed on the card, as text, from the member record. */
export function cardFields(
  member: Member,
  today: Date,
  formatDate: FormatDate,
  partner: CardPartner = 'en',
): CardFields {
  const issued = todayIso(today)
  const gender = member.gender ? (enumLabel(GENDERS, member.gender) ?? member.gender) : ''
  const ministries = listText(member.current_ministries)
    .map((m) => m.trim())
    .filter(Boolean)
    // Each known ministry in both languages, like the card's other values; custom text as typed.
    .map((m) => {
      const english = enumLabel(MINISTRIES, m)
      const first = partner === 'om' && english ? (OROMO_MINISTRIES[m] ?? english) : english
      return first && AMHARIC_MINISTRIES[m] ? `${first} · ${AMHARIC_MINISTRIES[m]}` : (first ?? m)
    })
  const nationality = member.nationality?.trim() || DEFAULT_NATIONALITY
  const contact = [
    member.emergency_contact_name?.trim(),
    member.emergency_contact_relationship?.trim()
      ? `(${member.emergency_contact_relationship.trim()})`
      : '',
    member.emergency_contact_phone?.trim(),
  ]
    .filter(Boolean)
    .join(' ')
  // Each label stays on the line of its value (no-break spaces; the card draws them as spaces).
  const labelled = (label: string, value: string | null | undefined) =>
    value?.trim() ? `${label} ${value.trim()}`.replace(/ /g, '\u00a0') : ''
  const places = [member.street_address, member.sub_city, member.city, member.state]
  const label = ADDRESS_LABELS[places.some(hasGeezLetters) ? 'geez' : 'latin']
  const address = [
    labelled(label.house, member.house_number),
    member.street_address,
    labelled(label.kebele, member.kebele),
    labelled(label.woreda, member.woreda),
    bindCompoundNames(member.sub_city ?? ''),
    member.city,
    member.state,
    labelled(label.poBox, member.zip_code),
  ]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ')
  return {
    name: bindCompoundNames(fullName(member)) || EMPTY_VALUE,
    latinName: bindCompoundNames(member.latin_name?.trim() ?? ''),
    // Spec 3.6: the Gregorian year of issue, whatever calendar the card's dates are written in.
    idNumber: memberIdNumber(member.id, today.getFullYear()),
    gender: gender ? bilingual(gender, member.gender ?? '', partner) : EMPTY_VALUE,
    dateOfBirth: orEmpty(formatDate(member.date_of_birth)),
    phone: orEmpty(member.phone_primary),
    ministries: orEmpty(ministries.join(', ')),
    address: orEmpty(address),
    nationality: bilingual(nationality, nationality, partner),
    emergencyContact: orEmpty(contact),
    joined: orEmpty(formatDate(member.date_joined)),
    issued: orEmpty(formatDate(issued)),
  }
}
