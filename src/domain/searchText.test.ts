import { emptyMemberInput, type MemberInput } from './member'
import { parseUploadName, photoPath, thumbnailPath } from './photoPaths'
import { buildSearchText } from './searchText'

describe('buildSearchText', () => {
  const member: MemberInput = {
    ...emptyMemberInput(),
    first_name: 'ሐና',
    last_name: 'Tesfaye',
    city: 'Gondar',
    membership_status: 'regularAttendee',
    current_ministries: ['sundaySchool', 'Bible study'],
  }

  it('folds names, text fields and list items, one part per line', () => {
    const lines = buildSearchText(member).split('\n')
    expect(lines).toContain('ሀና tesfaye')
    expect(lines).toContain('gondar')
    expect(lines).toContain('bible study')
  })

  it('adds the English label beside an enum or list key', () => {
    const lines = buildSearchText(member).split('\n')
    expect(lines).toEqual(expect.arrayContaining(['regularattendee', 'regular attendee']))
    expect(lines).toEqual(expect.arrayContaining(['sundayschool', 'sunday school']))
  })

  it('leaves out empty fields', () => {
    expect(buildSearchText(member).split('\n')).not.toContain('')
  })
})

describe('upload names', () => {
  const id = 'a'.repeat(32)

  it('round-trips the photo and thumbnail names', () => {
    expect(parseUploadName(photoPath(id).replace('uploads/', ''))).toEqual({ id, thumbnail: false })
    expect(parseUploadName(thumbnailPath(id).replace('uploads/', ''))).toEqual({
      id,
      thumbnail: true,
    })
  })

  it.each(['../x.jpg', `${id}.png`, `${id.toUpperCase()}.jpg`, `${id}-thumb.jpg.exe`])(
    'refuses %p',
    (name) => {
      expect(parseUploadName(name)).toBeUndefined()
    },
  )
})

describe('buildSearchText: across scripts and languages', () => {
  const member: MemberInput = {
    ...emptyMemberInput(),
    first_name: 'ጫልቱ',
    middle_name: 'ገመቹ',
    last_name: '',
    phone_primary: '+251 91 123 4567',
    membership_status: 'visitor',
    current_ministries: ['choir'],
  }

  it('adds the Amharic and Oromo labels of enum and list values', () => {
    const lines = buildSearchText(member).split('\n')
    expect(lines).toEqual(expect.arrayContaining(['መዘምራን', 'faarfattoota', 'እንግዳ', 'keessummaa']))
  })

  it('adds the name skeleton and the phone’s national number for matching', () => {
    const text = buildSearchText(member)
    expect(text).toContain('cltugmcu')
    expect(text).toContain('\n911234567')
    // The display fields themselves are untouched by this: only the stored search text has keys.
    expect(member.first_name).toBe('ጫልቱ')
  })
})
