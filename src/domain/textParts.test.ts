import { historyRow, historyText } from './audit'
import { joinList, labelled, localClock, quoted, textLanguage } from './textParts'

describe('text joined in code', () => {
  it('separates a list with ፣ in Amharic and a comma otherwise', () => {
    expect(joinList(['መዘምራን', 'ሰንበት ትምህርት ቤት'], 'am')).toBe('መዘምራን፣ ሰንበት ትምህርት ቤት')
    expect(joinList(['Faarfattoota', 'Garee manaa'], 'om')).toBe('Faarfattoota, Garee manaa')
    expect(joinList(['Choir', '', 'Elder'], 'en')).toBe('Choir, Elder')
  })

  it('puts ፦ after an Amharic label and a colon after the others', () => {
    expect(labelled('ያስተካክሉ', 'አበበ ከበደ', 'am')).toBe('ያስተካክሉ፦ አበበ ከበደ')
    expect(labelled('Gulaalaa', 'Abebe', 'om')).toBe('Gulaalaa: Abebe')
  })

  it('quotes Amharic with «…» and the others with “…”', () => {
    expect(quoted('አበበ', 'am')).toBe('«አበበ»')
    expect(quoted('Abebe', 'en')).toBe('“Abebe”')
  })

  it('reads the language of an Intl locale', () => {
    expect(textLanguage('am-ET')).toBe('am')
    expect(textLanguage('om-ET')).toBe('om')
    expect(textLanguage('en')).toBe('en')
  })

  it('reads a 24-hour time as Ethiopian hours counted from six', () => {
    expect(localClock(8, 5)).toEqual({ hour: 2, minute: '05', period: 'morning' })
    expect(localClock(6, 0)).toEqual({ hour: 12, minute: '00', period: 'morning' })
    expect(localClock(12, 30)).toEqual({ hour: 6, minute: '30', period: 'day' })
    expect(localClock(14, 5)).toEqual({ hour: 8, minute: '05', period: 'day' })
    expect(localClock(19, 45)).toEqual({ hour: 1, minute: '45', period: 'evening' })
    expect(localClock(0, 0)).toEqual({ hour: 6, minute: '00', period: 'night' })
    expect(localClock(5, 59)).toEqual({ hour: 11, minute: '59', period: 'night' })
  })

  it('writes a history export row with Amharic punctuation', () => {
    const words: Record<string, string> = {
      historyFieldsFilled: '',
      currentMinistries: 'አሁን የሚያገለግሉባቸው ዘርፎች',
      'option.current_ministries.choir': 'መዘምራን',
      'option.current_ministries.elder': 'ሽማግሌ',
      firstName: 'ስም',
      'action.member_update': 'ተስተካከለ',
    }
    const text = historyText({
      t: (id) => words[id] ?? id,
      known: (id) => id in words,
      calendar: 'ethiopian',
      language: 'am',
    })
    const event = {
      seq: 1,
      at: '2026-01-01T08:05:00Z',
      actor_id: 1,
      actor_username: 'admin',
      action: 'member_update',
      member_id: 7,
      subject_user_id: null,
      details: {
        changes: {
          first_name: ['Abebe', 'አበበ'],
          current_ministries: [['choir'], ['choir', 'elder']],
        },
      },
    }
    expect(historyRow(text, event, '')[5]).toBe(
      'ስም፦ Abebe → አበበ፤ አሁን የሚያገለግሉባቸው ዘርፎች፦ መዘምራን → መዘምራን፣ ሽማግሌ',
    )
  })
})
