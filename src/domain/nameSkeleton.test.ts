import { nameSkeleton, phoneKey, searchKeys } from './nameSkeleton'
import { foldForSearch } from './searchFolding'

/** How the server matches: any key of the query inside the stored folded text + skeleton. */
function finds(stored: string, query: string): boolean {
  const text = `${foldForSearch(stored)}\n${nameSkeleton(stored)}`
  return searchKeys(query, foldForSearch).some((key) => text.includes(key))
}

// [stored name, query]: the query must find the name.
const SAME_PERSON: readonly (readonly [string, string])[] = [
  // Latin query, Ge'ez name
  ['አበበ ከበደ', 'abebe'],
  ['አበበ ከበደ', 'Kebede'],
  ['ጫልቱ ለሚ', 'Chaltu'],
  ['ተስፋዬ ገብሬ', 'Tesfaye'],
  ['ዓለሙ በቀለ', 'Alemu'],
  ['በቀለ ግርማ', 'Bekele'],
  ['ግርማ ወልዴ', 'Girma'],
  ['ሙሉጌታ ታደሰ', 'Mulugeta'],
  ['ታደሰ ሙሉጌታ', 'Tadesse'],
  ['ዮሐንስ ኃይሉ', 'Yohannes'],
  ['ኃይሉ መኮንን', 'Hailu'],
  ['መኮንን ዳዊት', 'Mekonnen'],
  ['ዳዊት ሰለሞን', 'Dawit'],
  ['ትግስት አበራ', 'Tigist'],
  ['ፀጋዬ ደምሴ', 'Tsegaye'],
  ['ጌታቸው ረዳ', 'Getachew'],
  ['እየሩሳሌም ተፈራ', 'Eyerusalem'],
  ['ፍቃዱ ለማ', 'Fikadu'],
  ['ዳንኤል ወርቁ', 'Daniel'],
  ['ቢንያም ሀብቴ', 'Biniam'],
  ['ተገኝ ዓለማየሁ', 'Tegegn'],
  ['ዳኛቸው አሰፋ', 'Dagnachew'],
  ['ገብረ ሚካኤል ኃይሌ', 'Gebremichael'],
  ['ወልደ ማርያም ተሾመ', 'Woldemariam'],
  ['ኃይለ ሥላሴ ጉግሳ', 'Haile Selassie'],
  ['ብፍቱ ገመቹ', 'Biftu'],
  ['ገመቹ ቶሌራ', 'Gemechu'],
  ['አብዲሳ አጋ', 'Abdissa'],
  ['ሰላማዊት ዮሴፍ', 'Selamawit'],
  ['ወርቁ ደሳለኝ', 'Worku'],
  // Ge'ez query, Latin name
  ['Caaltuu Lammii', 'ጫልቱ'],
  ['Chaltu Lemi', 'ጫልቱ'],
  ['Abebe Kebede', 'አበበ'],
  ['Gammachuu Tolera', 'ገመቹ'],
  ['Toleraa Dabalaa', 'ቶሌራ'],
  ['Abdiisaa Aagaa', 'አብዲሳ'],
  ['Biftuu Guddataa', 'ብፍቱ'],
  ['Tigist Abera', 'ትግስት'],
  ['Yohannes Hailu', 'ዮሐንስ'],
  ['Mekonnen Dawit', 'መኮንን'],
  // spelling variants in one script
  ['Toleraa Dabalaa', 'Tolera'],
  ['Gammachuu Tolera', 'Gamachu'],
  ['Caaltuu Lammii', 'Chaltu'],
  ['Tsegaye Demisse', 'Segaye'],
  ['Tegest Abera', 'Tigist'],
  ['Kebede Abebe', 'Kabada'],
  ['Tesfaye Gebre', 'Tesfaya'],
  ['Mekonen Dawit', 'Mekonnen'],
  ['Yohanis Hailu', 'Yohannes'],
  ['Qabbanee Bultum', 'Kabbane'],
  ['Qana’a Bultum', "qana'a"],
  ['Chaltu Biru', 'Caltu'],
  ['Gebremichael Haile', 'Gebremikael'],
  ['Mikael Tadesse', 'Michael'],
  ['Hailu Mekonnen', 'Haylu'],
  ['Welde Mariam', 'Wolde Mariam'],
  ['Eyerusalem Tefera', 'Éyérusalem'],
  ['ሐና ተስፋዬ', 'ሀና'],
  ['ኋላ ፈጠነ', 'ሗላ'],
  ['ቐለሙ ገብሩ', 'ቀለሙ'],
  ['ኢየሩሳሌም ተፈራ', 'እየሩሳሌም'],
  ['ገብረሚካኤል ኃይሌ', 'ገብረ ሚካኤል'],
  ['ገብረ ሚካኤል ኃይሌ', 'ገ/ሚካኤል'],
  ['ገ/ሚካኤል ኃይሌ', 'ገብረሚካኤል'],
  ['ወልደማርያም ተሾመ', 'ወ/ማርያም'],
  ['ወ/ማርያም ተሾመ', 'Weldemariam'],
  ['G/Michael Haile', 'ገብረ ሚካኤል'],
]

// [stored name, query]: different people; the query must not find the name.
const DIFFERENT_PEOPLE: readonly (readonly [string, string])[] = [
  ['አበበ ከበደ', 'Tesfaye'],
  ['Abebe Kebede', 'ተስፋዬ'],
  ['አልማዝ ታደሰ', 'Alemu'],
  ['Almaz Tadesse', 'ዓለሙ'],
  ['Tefera Girma', 'Tesfaye'],
  ['ጫላ ብሩ', 'Chaltu'],
  ['Chala Biru', 'ጫልቱ'],
  ['Hailu Mekonnen', 'Haile Selassie'],
  ['ዳዊት ሰለሞን', 'Daniel'],
  ['Dawit Solomon', 'ዳንኤል'],
  ['Girma Wolde', 'Gemechu'],
  ['ገመቹ ቶሌራ', 'Girma'],
  ['Tigist Abera', 'Tsegaye'],
  ['Mulugeta Tadesse', 'Mekonnen'],
  ['Bekele Girma', 'Biftu'],
  ['Yohannes Hailu', 'Yosef'],
  ['ዮሴፍ ኃይሉ', 'Yohannes'],
  ['Kebede Abebe', 'Kidane'],
  ['Fikadu Lemma', 'Fekadesilassie'],
  ['Biniam Habte', 'Bekele'],
  ['Abdissa Aga', 'Abebe'],
  ['Selamawit Yosef', 'Solomon'],
]

describe('name search across scripts and spellings', () => {
  it('has a table of real name pairs large enough to mean something', () => {
    expect(SAME_PERSON.length).toBeGreaterThanOrEqual(60)
    expect(DIFFERENT_PEOPLE.length).toBeGreaterThanOrEqual(20)
  })

  it.each(SAME_PERSON)('%s is found by %s', (stored, query) => {
    expect(finds(stored, query)).toBe(true)
  })

  it.each(DIFFERENT_PEOPLE)('%s is not found by %s', (stored, query) => {
    expect(finds(stored, query)).toBe(false)
  })
})

describe('nameSkeleton', () => {
  it('romanises Ge’ez and folds Latin to the same skeleton', () => {
    expect(nameSkeleton('ጫልቱ')).toBe(nameSkeleton('Caaltuu'))
    expect(nameSkeleton('ጫልቱ')).toBe(nameSkeleton('Chaltu'))
    expect(nameSkeleton('አበበ')).toBe(nameSkeleton('abebe'))
    expect(nameSkeleton('ገ/ሚካኤል')).toBe(nameSkeleton('ገብረ ሚካኤል'))
  })

  it('keeps the title ወ/ሮ as it is (it is not ወልደ)', () => {
    expect(nameSkeleton('ወ/ሮ አልማዝ')).not.toContain(nameSkeleton('ወልደ'))
  })

  it('is empty for text without letters', () => {
    expect(nameSkeleton('  12 / -- ')).toBe('')
  })
})

describe('phone numbers in any format find each other', () => {
  const forms = ['0911234567', '911234567', '+251 91 123 4567', '251911234567', '+251-911-234-567']
  it.each(forms)('%s reads as 911234567', (form) => {
    expect(phoneKey(form)).toBe('911234567')
  })

  it('leaves other text and too short numbers alone', () => {
    expect(phoneKey('abebe')).toBeUndefined()
    expect(phoneKey('12')).toBeUndefined()
  })

  it('a query for a phone number is looked up as its national number', () => {
    expect(searchKeys('+251 91 123 4567', foldForSearch)).toContain('911234567')
  })
})
