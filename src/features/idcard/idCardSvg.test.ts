import amMessages from '../../../locales/am.json'
import omMessages from '../../../locales/om.json'
import { formatDate, type Member, MINISTRIES } from '../../domain'
import { buildIdCardSide, buildIdCardSvg, CARD_WIDTH, type IdCardInput } from './idCardSvg'
import { AMHARIC_MINISTRIES, CARD_LABELS, OROMO_CARD_LABELS, OROMO_MINISTRIES } from './cardContent'
import { testCardFonts } from './testFonts'

const PHOTO = `data:image/jpeg;base64,${'A'.repeat(400)}`
const LOGO = `data:image/png;base64,${'B'.repeat(200)}`

function member(overrides: Partial<Member> = {}): Member {
  return {
    id: 42,
    first_name: 'Abebe',
    middle_name: 'Kebede',
    last_name: 'Tesfaye',
    gender: 'male',
    date_of_birth: '1990-05-04',
    phone_primary: '+251 911 234 567',
    current_ministries: ['choir', 'youthMinistry', 'Media team'],
    street_address: 'Bole Road 12',
    city: 'Addis Ababa',
    state: 'Addis Ababa',
    zip_code: '1000',
    nationality: null,
    emergency_contact_name: 'Almaz Tesfaye',
    emergency_contact_relationship: 'Sister',
    emergency_contact_phone: '+251 922 000 111',
    date_joined: '2015-09-11',
    ...overrides,
  } as Member
}

function build(overrides: Partial<IdCardInput> = {}) {
  return buildIdCardSvg({
    member: member(),
    fonts: testCardFonts(),
    photoDataUrl: PHOTO,
    logoDataUrl: LOGO,
    today: new Date(2025, 5, 1),
    ...overrides,
  })
}

function parse(svg: string): Document {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml')
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0)
  return doc
}

/** The text lines a side shows, in order (each line's words are in its aria-label). */
function lines(doc: Document, side: 'front' | 'back'): string[] {
  return [...doc.querySelectorAll(`#${side} [aria-label]`)].map(
    (g) => g.getAttribute('aria-label') ?? '',
  )
}

function logoUse(doc: Document, side: 'front' | 'back'): Element | null {
  const uses = [...doc.querySelectorAll(`#${side} use`)]
  return uses.find((u) => u.getAttribute('xlink:href') === '#logo') ?? null
}

/** Left edge and width of a text line in card px, from its transform and its glyph positions. */
function extent(line: Element): { left: number; right: number } {
  const [, tx, scale] = /translate\(([-\d.]+) [-\d.]+\) scale\(([-\d.]+)/.exec(
    line.getAttribute('transform') ?? '',
  ) ?? ['', '0', '', '1']
  const xs = [...line.querySelectorAll('use')].map((u) => Number(u.getAttribute('x') ?? 0))
  const left = Number(tx)
  // The last glyph's start plus one em bounds the line's right edge generously.
  return { left, right: left + (Math.max(0, ...xs) + 1000) * Number(scale) }
}

/** A text line starts and ends within the card's width. */
function expectWithinCard(line: Element) {
  const { left, right } = extent(line)
  expect(left).toBeGreaterThanOrEqual(0)
  expect(right).toBeLessThanOrEqual(CARD_WIDTH)
}

describe('buildIdCardSvg', () => {
  it('is one 648×204 SVG document with the front and back side by side', () => {
    const svg = parse(build()).documentElement
    expect(svg.getAttribute('width')).toBe('648')
    expect(svg.getAttribute('height')).toBe('204')
    expect(svg.getAttribute('viewBox')).toBe('0 0 648 204')
    expect(svg.querySelector('#front')?.getAttribute('transform')).toBe('translate(0 0)')
    expect(svg.querySelector('#back')?.getAttribute('transform')).toBe('translate(324 0)')
  })

  it('shows every field of the front, with bilingual labels and the ID bar', () => {
    const front = lines(parse(build()), 'front')
    expect(front).toEqual(
      expect.arrayContaining([
        'Church Member ID',
        'የቤተ ክርስቲያን አባልነት መታወቂያ',
        'Abebe Kebede Tesfaye',
        'Gender · ጾታ',
        'Male · ወንድ',
        'Date of Birth · የትውልድ ቀን',
        '1990-05-04',
        'Phone · ስልክ',
        '+251 911 234 567',
        'Current Ministries · የአሁኑ አገልግሎቶች',
        'ID No. · መለያ ቁጥር',
        'CM-2025-000042',
      ]),
    )
    expect(front.join(' ')).toContain('Choir · መዘምራን, Youth Ministry · የወጣቶች አገልግሎት, Media team')
    const doc = parse(build())
    expect(doc.querySelector('#front image')?.getAttribute('xlink:href')).toBe(PHOTO)
    expect(logoUse(doc, 'front')).not.toBeNull()
  })

  it('shows every field of the back, the default nationality and a QR code', () => {
    const doc = parse(build())
    expect(lines(doc, 'back')).toEqual(
      expect.arrayContaining([
        'Member Details',
        'የአባል ዝርዝር መረጃ',
        'Address · አድራሻ',
        'Bole Road 12, Addis Ababa, Addis Ababa,',
        'P.O. Box 1000',
        'Nationality · ዜግነት',
        'Ethiopia · ኢትዮጵያ',
        'Emergency Contact · የአደጋ ጊዜ ተጠሪ',
        'Almaz Tesfaye (Sister) +251 922 000 111',
        'Joined · የተቀላቀሉበት ቀን',
        '2015-09-11',
        'CM-2025-000042',
      ]),
    )
    expect(logoUse(doc, 'back')).not.toBeNull()
    // The QR path: many unit squares of modules.
    const qr = [...doc.querySelectorAll('#back path')].find(
      (p) => (p.getAttribute('d') ?? '').split('M').length > 50,
    )
    expect(qr).toBeDefined()
  })

  it('formats the ID number as CM-{year}-{id padded to 6}', () => {
    const doc = parse(build({ member: member({ id: 7 }), today: new Date(2031, 0, 15) }))
    expect(lines(doc, 'front')).toContain('CM-2031-000007')
    expect(doc.querySelector('title')?.textContent).toContain('CM-2031-000007')
  })

  it('keeps the Gregorian year in the ID number when the dates are Ethiopian (spec 3.6)', () => {
    const ethiopian = parse(
      build({
        member: member({ id: 7 }),
        today: new Date(2031, 0, 15),
        formatDate: (iso) => formatDate(iso, 'ethiopian', 'en'),
      }),
    )
    expect(lines(ethiopian, 'back')).toContain('7 Tir 2023 E.C.')
    expect(lines(ethiopian, 'front')).toContain('CM-2031-000007')
    expect(lines(ethiopian, 'front')).not.toContain('CM-2023-000007')
  })

  it('writes dates with the given calendar formatter and draws the avatar without a photo', () => {
    const doc = parse(
      build({
        photoDataUrl: null,
        logoDataUrl: null,
        formatDate: (iso) => (iso ? `ET ${iso}` : ''),
      }),
    )
    expect(lines(doc, 'front')).toContain('ET 1990-05-04')
    expect(lines(doc, 'back')).toContain('ET 2015-09-11')
    expect(doc.querySelectorAll('image')).toHaveLength(0)
    expect(doc.querySelector('#front circle[fill="#94a3b8"]')).not.toBeNull()
  })

  it('sets Amharic text as glyph outlines defined once', () => {
    const doc = parse(
      build({ member: member({ first_name: 'አበበ', middle_name: 'ከበደ', last_name: 'ተሰማ' }) }),
    )
    const name = doc.querySelector('#front [aria-label="አበበ ከበደ ተሰማ"]')
    expect(name?.querySelectorAll('use').length).toBeGreaterThanOrEqual(8)
    const ids = [...doc.querySelectorAll('defs path[id]')].map((p) => p.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const use of name?.querySelectorAll('use') ?? []) {
      const ref = use.getAttribute('xlink:href')?.slice(1) ?? ''
      expect(doc.getElementById(ref)?.getAttribute('d')).toMatch(/^M/)
    }
  })

  it.each([
    ['<script>alert(1)</script>'],
    ['" onload="alert(1)'],
    ["x' onerror='alert(1)"],
    ['<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'],
    [']]><svg onload=alert(1)>'],
  ])('keeps hostile text as text: %s', (hostile) => {
    const doc = parse(
      build({
        member: member({
          first_name: hostile,
          phone_primary: hostile,
          street_address: hostile,
          emergency_contact_name: hostile,
          current_ministries: [hostile],
        }),
      }),
    )
    expect(doc.getElementsByTagName('script')).toHaveLength(0)
    expect(doc.getElementsByTagName('foreignObject')).toHaveLength(0)
    for (const element of doc.getElementsByTagName('*')) {
      for (const attribute of element.attributes) expect(attribute.name).not.toMatch(/^on/i)
    }
    expect(lines(doc, 'front').some((l) => l.includes(hostile.slice(0, 12)))).toBe(true)
  })

  it('ignores an image that is not a base64 image data URL', () => {
    const doc = parse(
      build({ photoDataUrl: 'javascript:alert(1)', logoDataUrl: 'https://evil.example/x.png' }),
    )
    expect(doc.querySelectorAll('image')).toHaveLength(0)
  })

  it('wraps a 60-character name inside the card', () => {
    const name = 'Wolde-Giyorgis Haile-Mariam Tekle-Haymanot Gebre-Egziabher B'
    expect(name).toHaveLength(60)
    const doc = parse(
      build({ member: member({ first_name: name, middle_name: null, last_name: '' }) }),
    )
    const nameLines = [...doc.querySelectorAll('#front [aria-label]')].filter((g) =>
      name.includes(g.getAttribute('aria-label') ?? '\u0000'),
    )
    expect(nameLines.length).toBeGreaterThanOrEqual(2)
    expect(nameLines.map((g) => g.getAttribute('aria-label')).join(' ')).toBe(name)
    for (const line of nameLines) expectWithinCard(line)
  })

  it('never breaks a compound name across lines, and shows the Latin-script name too', () => {
    const doc = parse(
      build({
        member: member({
          first_name: 'ወልደ ማርያም',
          middle_name: 'ገብረ ሚካኤል',
          last_name: 'ኃይለ ሥላሴ',
          latin_name: 'Wolde Mariam Gebre Mikael Haile Selassie',
        }),
      }),
    )
    const front = lines(doc, 'front')
    const nameLines = front.filter(
      (l) => /[\u1200-\u137f]/.test(l) && !l.includes('·') && l !== CARD_LABELS.titleAm,
    )
    expect(nameLines.length).toBeGreaterThanOrEqual(2)
    expect(nameLines.join(' ')).toBe('ወልደ ማርያም ገብረ ሚካኤል ኃይለ ሥላሴ')
    for (const compound of ['ወልደ ማርያም', 'ገብረ ሚካኤል', 'ኃይለ ሥላሴ']) {
      expect(nameLines.some((l) => l.includes(compound))).toBe(true)
    }
    // The Latin name whole, wrapped only between compounds, never cut.
    const latin = front.filter((l) => /^(Wolde|Gebre|Haile)/.test(l))
    expect(latin.join(' ')).toBe('Wolde Mariam Gebre Mikael Haile Selassie')
    expect(latin.join(' ')).not.toContain('…')
  })

  it.each([
    'Abebe Kebede',
    'Woldemariam Gebremichael Hailesellassie',
    'Woldemariam Gebremichael Hailesellassie Tekle Haimanot Gebre Egziabher Wolde Giorgis',
  ])('fits the Latin name %j on the card whole', (latinName) => {
    const doc = parse(build({ member: member({ latin_name: latinName }) }))
    const words = new Set(latinName.split(' '))
    const latin = lines(doc, 'front').filter((l) => l.split(/\s+/).every((word) => words.has(word)))
    expect(latin.join(' ')).toBe(latinName)
    expect(lines(doc, 'front').join(' ')).not.toContain('…')
    for (const g of [...doc.querySelectorAll('#front [aria-label]')].filter((line) =>
      latin.includes(line.getAttribute('aria-label') ?? ''),
    ))
      expectWithinCard(g)
  })

  it('writes the Ethiopian address parts on the back', () => {
    const doc = parse(
      build({
        member: member({ sub_city: 'Bole', woreda: '03', kebele: '12', house_number: '1234' }),
      }),
    )
    expect(lines(doc, 'back').join(' ')).toContain('H.No. 1234, Bole Road 12, Kebele 12')
  })

  it("labels an address written in Ge'ez with Amharic abbreviations", () => {
    const doc = parse(
      build({
        member: member({
          street_address: 'ቦሌ መንገድ',
          sub_city: 'ቦሌ',
          city: 'አዲስ አበባ',
          woreda: '03',
          kebele: '12',
          house_number: '1234',
        }),
      }),
    )
    const back = lines(doc, 'back').join(' ')
    expect(back).toContain('የቤት ቁ. 1234, ቦሌ መንገድ, ቀበሌ 12, ወረዳ 03')
    expect(back).not.toMatch(/Kebele|Woreda|H\.No\./)
  })

  it('keeps a very long ministry list inside the front', () => {
    const ministries = Array.from({ length: 30 }, (_, i) => `Ministry number ${i + 1}`)
    const doc = parse(build({ member: member({ current_ministries: ministries }) }))
    for (const line of doc.querySelectorAll('#front [aria-label]')) {
      expect(extent(line).right).toBeLessThanOrEqual(CARD_WIDTH + 1)
      const y = Number(
        /translate\([-\d.]+ ([-\d.]+)\)/.exec(line.getAttribute('transform') ?? '')?.[1],
      )
      expect(y).toBeLessThanOrEqual(204)
    }
    expect(lines(doc, 'front').some((l) => l.endsWith('…'))).toBe(true)
  })

  it('draws one side alone at 324×204 for the previews', () => {
    const doc = parse(
      buildIdCardSide(
        { member: member(), fonts: testCardFonts(), today: new Date(2025, 5, 1) },
        'back',
      ),
    )
    expect(doc.documentElement.getAttribute('width')).toBe('324')
    expect(doc.querySelector('#front')).toBeNull()
    expect(lines(doc, 'back')).toContain('Member Details')
  })
})

describe('the card’s ministries', () => {
  it('are bilingual, English · Amharic, like the other values; custom ones as typed', () => {
    const doc = parse(build())
    const text = [...lines(doc, 'front'), ...lines(doc, 'back')].join(' ')
    expect(text).toContain('Choir · መዘምራን')
    expect(text).toContain('Youth Ministry · የወጣቶች አገልግሎት')
    expect(text).toContain('Media team')
  })

  it('word each ministry in Amharic as the interface does', () => {
    const am = amMessages as Record<string, string>
    for (const { key } of MINISTRIES.filter((m) => m.key !== 'other')) {
      expect(AMHARIC_MINISTRIES[key]).toBe(am[`option.current_ministries.${key}`])
    }
  })
})

describe('the church and the languages on the card (issue 42)', () => {
  const church = { partner: 'Addis Ababa Mekane Yesus', am: 'አዲስ አበባ መካነ ኢየሱስ' }

  it("prints the church's name above the title, in both its names when they fit", () => {
    const front = lines(parse(build({ churchName: church })), 'front')
    const at = front.indexOf('Addis Ababa Mekane Yesus · አዲስ አበባ መካነ ኢየሱስ')
    expect(at).toBeGreaterThanOrEqual(0)
    expect(front.slice(at + 1, at + 3)).toEqual([CARD_LABELS.title, CARD_LABELS.titleAm])
  })

  it('keeps the first name alone when both do not fit on the line', () => {
    const long = {
      partner: 'Ethiopian Evangelical Church Mekane Yesus, Central Synod',
      am: 'የኢትዮጵያ ወንጌላዊት ቤተ ክርስቲያን መካነ ኢየሱስ ማዕከላዊ ሲኖዶስ',
    }
    const front = lines(parse(build({ churchName: long })), 'front')
    expect(front[front.indexOf(CARD_LABELS.title) - 1]).toBe(long.partner)
  })

  it('draws the title as before without a church name', () => {
    const front = lines(parse(build({ churchName: { partner: '', am: '' } })), 'front')
    const at = front.indexOf(CARD_LABELS.title)
    // The frame's ID number is drawn just before the title: no church line between them.
    expect(front[at - 1]).toMatch(/^CM-/)
    expect(front[at + 1]).toBe(CARD_LABELS.titleAm)
  })

  it('speaks Afaan Oromoo beside Amharic for an Oromo reader, labels and values', () => {
    const doc = parse(build({ partner: 'om' }))
    const text = [...lines(doc, 'front'), ...lines(doc, 'back')].join(' ')
    for (const label of ['title', 'gender', 'phone', 'address', 'nationality'] as const) {
      expect(text).toContain(OROMO_CARD_LABELS[label])
    }
    expect(text).toContain('Dhiira · ወንድ')
    expect(text).toContain('Itoophiyaa · ኢትዮጵያ')
    expect(text).toContain('Faarfattoota · መዘምራን')
    expect(text).not.toContain('Gender')
    expect(text).not.toContain('Choir')
  })

  it('words each ministry and value in Afaan Oromoo as the interface does', () => {
    const om = omMessages as Record<string, string>
    for (const { key } of MINISTRIES.filter((m) => m.key !== 'other')) {
      expect(OROMO_MINISTRIES[key]).toBe(om[`option.current_ministries.${key}`])
    }
    const doc = parse(build({ partner: 'om', member: member({ gender: 'female' }) }))
    expect(lines(doc, 'front').join(' ')).toContain(`${om['option.gender.female']} · ሴት`)
  })
})
