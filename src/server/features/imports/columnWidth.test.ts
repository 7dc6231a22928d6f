import { fieldLabel } from './fieldDictionary'
import { columnWidth } from './memberExport'

describe('the export column widths', () => {
  it('fit the longest choice of the language, Ge’ez letters counted twice', () => {
    // "የትዳር አጋሩን በሞት ያጣ" (widowed): 13 Ge'ez letters and 3 spaces, and a margin of 2.
    expect(columnWidth(fieldLabel('marital_status', 'am'), 'marital_status', 'am')).toBe(31)
    // English "Widowed" is shorter than its header.
    const en = fieldLabel('marital_status', 'en')
    expect(columnWidth(en, 'marital_status', 'en')).toBe(Math.max(10, en.length + 2))
  })

  it('keep a free-text column at its typical width, and at most 40', () => {
    expect(columnWidth('Email', 'email', 'am')).toBe(28)
    // A phone as people write it, "+251 911 234 567", under a short header.
    expect(columnWidth('Phone', 'phone_primary', 'en')).toBe(18)
    expect(columnWidth('x'.repeat(60), 'city', 'en')).toBe(40)
  })
})
