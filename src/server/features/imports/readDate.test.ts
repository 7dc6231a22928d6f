import { ethiopianToIso } from '../../../domain'
import { readDateCell, readDateText } from './readDate'

describe('readDateText', () => {
  it.each([
    ['1970-6-15', 'gregorian', '1970-06-15'],
    ['1975/03/14', 'gregorian', '1975-03-14'],
    ['13/12/2015', 'gregorian', '2015-12-13'],
    ['12/13/2015', 'gregorian', '2015-12-13'], // the second can be no month: month first
    ['05.04.1990', 'gregorian', '1990-04-05'],
    ['1988-02-29 00:00:00', 'gregorian', '1988-02-29'],
    ['"\t1990-01-02"', 'gregorian', '1990-01-02'],
    ['17 May 1990', 'gregorian', '1990-05-17'],
    ['May 17, 1990', 'gregorian', '1990-05-17'],
    ['ሜይ 17 ቀን 1990 እ.ኤ.አ.', 'ethiopian', '1990-05-17'],
    ['1990-05-17 G.C.', 'ethiopian', '1990-05-17'],
    ['17 Caamsaa 1990 ALA', 'ethiopian', '1990-05-17'],
  ] as const)('%j (%s) → %s', (text, calendar, iso) => {
    expect(readDateText(text, calendar)).toEqual({ iso })
  })

  it.each([
    ['ግንቦት 9 ቀን 1982 ዓ.ም.', 'gregorian', [1982, 9, 9]],
    ['ግንቦት 9 1982', 'gregorian', [1982, 9, 9]],
    ['9 Ginbot 1982 E.C.', 'gregorian', [1982, 9, 9]],
    ['9 Caamsaa 1982 ALI', 'gregorian', [1982, 9, 9]],
    ['9 Caamsaa 1982', 'ethiopian', [1982, 9, 9]],
    ['1980-05-12 ዓ.ም', 'gregorian', [1980, 5, 12]],
    ['1980/5/12 ዓ/ም', 'gregorian', [1980, 5, 12]],
    ['ጳጉሜን 6 2015', 'gregorian', [2015, 13, 6]],
    ['ታህሳስ 3 1970', 'gregorian', [1970, 4, 3]],
    // Day first: the 13th month is a month on this calendar, not a sign of month first.
    ['03/13/2015', 'ethiopian', [2015, 13, 3]],
    ['5/13/2015 ዓ.ም.', 'gregorian', [2015, 13, 5]],
  ] as const)('%j (%s) is Ethiopian %j', (text, calendar, [y, m, d]) => {
    expect(readDateText(text, calendar)).toEqual({ iso: ethiopianToIso(y, m, d) })
  })

  it.each(['-0-0', '\t-0-0', '-12-29', '1945-4-0', '0000-00-00', '12/29', 'June 1977', 'ሐምሌ 1977'])(
    '%j is unknown: left empty',
    (text) => {
      expect(readDateText(text, 'gregorian')).toEqual({ unknown: true })
    },
  )

  it.each(['1990-02-30', 'soon', '13/13/2015', 'ጳጉሜ 7 2015', '2016-13-06 ዓ.ም.'])(
    '%j is not a date',
    (text) => {
      expect(readDateText(text, 'gregorian')).toEqual({ invalid: true })
    },
  )
})

describe('readDateCell', () => {
  it('is the cell’s Gregorian day, or its numbers read as an Ethiopian date', () => {
    expect(readDateCell('1985-10-14', 'gregorian')).toEqual({ iso: '1985-10-14' })
    expect(readDateCell('1985-10-14', 'ethiopian')).toEqual({ iso: ethiopianToIso(1985, 10, 14) })
    // No Ethiopian month has a 31st.
    expect(readDateCell('1985-10-31', 'ethiopian')).toEqual({ invalid: true })
  })
})
