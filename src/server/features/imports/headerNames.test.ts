// The family columns of an export come back under their own targets in every language and
// calendar; other systems' household columns are recognised only when they say so, so the
// member's own "Home Phone", "Status" and "Notes" columns stay the member's.
import { FAMILY_TARGETS } from '../../../domain'
import { matchHeader } from './fieldDictionary'
import { exportHeaders } from './memberExport'
import { autoMapping } from './service'

describe('the family columns’ headers', () => {
  it.each(
    (['en', 'am', 'om'] as const).flatMap((lang) =>
      (['gregorian', 'ethiopian'] as const).map((calendar) => [lang, calendar] as const),
    ),
  )('map an export’s last columns to the family targets (%s, %s)', (lang, calendar) => {
    const headers = exportHeaders(lang, calendar)
    const family = headers.slice(-FAMILY_TARGETS.length)
    const { mapping } = autoMapping(headers)
    expect(family.map((header) => mapping[header])).toEqual([...FAMILY_TARGETS])
    const wedding = family[FAMILY_TARGETS.indexOf('family_wedding_date')]
    expect(matchHeader(wedding).calendar).toBe(calendar)
  })

  it('takes other systems’ household columns, and leaves the member’s own to the member', () => {
    const headers = [
      'First Name',
      'Last Name',
      'Home Phone',
      'Status',
      'Notes',
      'Family ID',
      'Family Home Phone',
      'Wedding Date',
      'Family Status',
      'Household Notes',
    ]
    expect(autoMapping(headers).mapping).toEqual({
      'First Name': 'first_name',
      'Last Name': 'middle_name',
      'Home Phone': 'phone_secondary',
      Status: 'membership_status',
      Notes: 'notes',
      'Family ID': 'family_id',
      'Family Home Phone': 'family_home_phone',
      'Wedding Date': 'family_wedding_date',
      'Family Status': 'family_status',
      'Household Notes': 'family_notes',
    })
  })

  it('reads the household form’s own labels as the member’s where a member has the field', () => {
    const { mapping } = autoMapping(['የመጀመሪያ ስም', 'የቤት ስልክ', 'ማስታወሻ', 'የጋብቻ ቀን', 'Haala'])
    expect(mapping).toMatchObject({
      'የቤት ስልክ': 'phone_secondary',
      ማስታወሻ: 'notes',
      // No member has a wedding date: the household's is the only one it can be.
      'የጋብቻ ቀን': 'family_wedding_date',
    })
    expect(mapping.Haala).not.toBe('family_status')
  })
})
