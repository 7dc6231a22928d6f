import am from '../../../locales/am.json'
import en from '../../../locales/en.json'
import om from '../../../locales/om.json'
import { TEXT_FIELDS, DATE_FIELDS, LIST_FIELDS, BOOLEAN_FIELDS, ENUM_FIELDS } from '../../domain'
import { fieldLabelId } from './fieldLabels'
import { OPTIONS_OF, optionMessageId, type OptionField } from './optionLabels'

const catalogs: Record<string, Record<string, string>> = { en, am, om }

describe('member field and option messages', () => {
  const optionIds = (Object.keys(OPTIONS_OF) as OptionField[]).flatMap((field) =>
    OPTIONS_OF[field].map((o) => optionMessageId(field, o.key)),
  )
  const labelIds = [
    ...TEXT_FIELDS,
    ...DATE_FIELDS,
    ...LIST_FIELDS,
    ...BOOLEAN_FIELDS,
    ...ENUM_FIELDS,
  ]
    .map((field) => fieldLabelId(field))
    .concat(fieldLabelId('registerd_by'))

  it.each(['en', 'am', 'om'])('%s has every option label and field label', (language) => {
    const missing = [...optionIds, ...labelIds].filter((id) => !catalogs[language][id])
    expect(missing).toEqual([])
  })

  it('names the fields as the spec does', () => {
    expect(fieldLabelId('first_name')).toBe('firstName')
    expect(fieldLabelId('phone_primary')).toBe('phonePrimary')
    expect(fieldLabelId('notes')).toBe('additionalNotes')
    expect(fieldLabelId('current_prayer_requests')).toBe('prayerRequests')
    expect(am.firstName).toBe('ስም')
    expect(am.middleName).toBe('የአባት ስም')
    expect(am.lastName).toBe('የአያት ስም')
  })
})
