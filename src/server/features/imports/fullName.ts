// A register's one name column ("Abebe Kebede Tesfaye", "አበበ ከበደ ተስፋዬ"): the Ethiopian given
// name, father's name and grandfather's name (first_name, middle_name, last_name), in that order.
import { comparable } from './fieldDictionary'

export interface NameParts {
  first_name: string
  middle_name?: string
  last_name?: string
  /** The titles written before the name (Ato, W/ro, ቄስ), left out of the names. */
  title?: string
}

// Any Unicode space, and the Ethiopic wordspace ፡ that Ge'ez writing puts between names.
const WORD_BREAK = /[\s\u1361]+/u

// Compound names are two words: a first half ("servant of", "son of", "power of"…) and a holy
// name. Only the pair is joined: "Haile" or "Mikael" alone are names of their own.
const COMPOUND_FIRST: ReadonlySet<string> = new Set(
  [
    'Gebre',
    'Gebra',
    'Gabre',
    'Ghebre',
    'Wolde',
    'Welde',
    'Walda',
    'Haile',
    'Hayle',
    'Tekle',
    'Tekla',
    'Habte',
    'Habta',
    'Kidane',
    'Zere',
    'Zera',
    'Fikre',
    'Tesfa',
    'Sahle',
    'Amde',
    'Amete',
    'Wolete',
    'Welete',
    'Walatta',
    'ገብረ',
    'ወልደ',
    'ኃይለ',
    'ሀይለ',
    'ሃይለ',
    'ተክለ',
    'ሀብተ',
    'ሐብተ',
    'ኪዳነ',
    'ዘረ',
    'ዘርአ',
    'ፍቅረ',
    'ተስፋ',
    'ሣህለ',
    'ሳህለ',
    'አምደ',
    'ዓመተ',
    'አመተ',
    'ወለተ',
  ].map(comparable),
)
const COMPOUND_SECOND: ReadonlySet<string> = new Set(
  [
    'Selassie',
    'Sellassie',
    'Silassie',
    'Selase',
    'Mariam',
    'Maryam',
    'Mariyam',
    'Giorgis',
    'Giyorgis',
    'Georgis',
    'Medhin',
    'Medhen',
    'Egziabher',
    'Egziabiher',
    'Kidan',
    'Michael',
    'Mikael',
    'Yesus',
    'Iyesus',
    'Kristos',
    'Christos',
    'Haimanot',
    'Haymanot',
    'Amlak',
    'Tsadik',
    'Gabriel',
    'Gebriel',
    'Yohannes',
    'Tsion',
    'Tsiyon',
    'ሥላሴ',
    'ስላሴ',
    'ማርያም',
    'ጊዮርጊስ',
    'መድኅን',
    'መድህን',
    'እግዚአብሔር',
    'እግዚአብሄር',
    'ኪዳን',
    'ሚካኤል',
    'ኢየሱስ',
    'የሱስ',
    'ክርስቶስ',
    'ሃይማኖት',
    'ሐይማኖት',
    'አምላክ',
    'ጻድቅ',
    'ገብርኤል',
    'ዮሐንስ',
    'ጽዮን',
  ].map(comparable),
)

// Titles offices write before a name, compared as headers are (case, dots and slashes folded):
// W/ro, Wro and W.ro are one. Only these: a word that could be a name is never taken for one.
const TITLES: ReadonlySet<string> = new Set(
  [
    'Ato',
    'W/ro',
    'Weyzero',
    'Woizero',
    'W/rt',
    'W/t',
    'Weyzerit',
    'Woizerit',
    'Mr',
    'Mrs',
    'Ms',
    'Miss',
    'Dr',
    'Prof',
    'Rev',
    'Fr',
    'Qes',
    'Kes',
    'Kesis',
    'Deacon',
    'Dn',
    'D/n',
    'Obbo',
    'Aadde',
    'Adde',
    'Durbee',
    'አቶ',
    'ወ/ሮ',
    'ወይዘሮ',
    'ወ/ሪት',
    'ወ/ት',
    'ወይዘሪት',
    'ዶ/ር',
    'ዶክተር',
    'ፕ/ር',
    'ፕሮፌሰር',
    'ቄስ',
    'ቀሲስ',
    'ዲ/ን',
    'ዲያቆን',
  ].map(comparable),
)

const isCompound = (first: string, second: string) =>
  COMPOUND_FIRST.has(comparable(first)) && COMPOUND_SECOND.has(comparable(second))

/** More than three words: each compound pair ("Gebre Selassie") is one name. */
function namesOf(words: readonly string[]): string[] {
  if (words.length <= 3) return [...words]
  const names: string[] = []
  for (let i = 0; i < words.length; i += 1) {
    if (i + 1 < words.length && isCompound(words[i], words[i + 1])) {
      names.push(`${words[i]} ${words[i + 1]}`)
      i += 1
    } else names.push(words[i])
  }
  return names
}

/**
 * A full name split into its parts, nothing dropped: the first name is the given name, the
 * second the father's, the rest the grandfather's. Up to three words, each word is one name;
 * with more, a compound pair counts as one ("Hana Gebre Selassie Tesfaye": Hana, Gebre Selassie,
 * Tesfaye), and what is left after the father's name stays together in the grandfather's name.
 * Titles before the name (Ato, W/ro, ቄስ, Obbo) are left out of it and returned apart, as long as
 * a name follows them. Undefined when blank.
 */
export function splitFullName(text: string): NameParts | undefined {
  const words = text.split(WORD_BREAK).filter((word) => word !== '')
  if (words.length === 0) return undefined
  let titled = 0
  while (titled < words.length - 1 && TITLES.has(comparable(words[titled]))) titled += 1
  const [first, middle, ...rest] = namesOf(words.slice(titled))
  return {
    first_name: first,
    ...(middle !== undefined && { middle_name: middle }),
    ...(rest.length > 0 && { last_name: rest.join(' ') }),
    ...(titled > 0 && { title: words.slice(0, titled).join(' ') }),
  }
}
