import { buildJobValue, normalizeJobText, parseJobValue } from './jobs'

describe('buildJobValue (spec 3.2)', () => {
  it('joins English labels with ", "', () => {
    expect(buildJobValue(['engineer', 'governmentWorker'], '')).toBe('Engineer, Government Worker')
  })

  it('adds custom text for other, without an "Other" label', () => {
    expect(buildJobValue(['teacher', 'other'], 'Weaver')).toBe('Teacher, Weaver')
    expect(buildJobValue(['other'], ' Weaver ,  Driver,, Weaver ')).toBe('Weaver, Driver')
  })

  it('drops duplicates of a label in the custom text and unknown keys', () => {
    expect(buildJobValue(['doctor', 'astronaut'], 'doctor, Nurse')).toBe('Doctor, Nurse')
  })

  it('gives an empty string when nothing is set', () => {
    expect(buildJobValue([], '')).toBe('')
    expect(buildJobValue(['other'], ' , ')).toBe('')
  })
})

describe('normalizeJobText (spec 5.7)', () => {
  it('splits, trims, drops empties, dedupes and joins', () => {
    expect(normalizeJobText(' Weaver,Driver ,, Weaver, ')).toBe('Weaver, Driver')
    expect(normalizeJobText('')).toBe('')
  })
})

describe('parseJobValue', () => {
  it('maps known labels back to keys, case-insensitively', () => {
    expect(parseJobValue('Engineer, government worker')).toEqual({
      selectedJobs: ['engineer', 'governmentWorker'],
      customJob: '',
    })
  })

  it('treats unknown values as other with that text', () => {
    expect(parseJobValue('Teacher, Weaver, Bee keeper')).toEqual({
      selectedJobs: ['teacher', 'other'],
      customJob: 'Weaver, Bee keeper',
    })
    expect(parseJobValue('ገበሬ')).toEqual({ selectedJobs: ['other'], customJob: 'ገበሬ' })
  })

  it('reads empty values as nothing selected', () => {
    expect(parseJobValue(null)).toEqual({ selectedJobs: [], customJob: '' })
    expect(parseJobValue('')).toEqual({ selectedJobs: [], customJob: '' })
  })

  it.each([
    [['engineer'], ''],
    [['doctor', 'student', 'other'], 'Weaver, Driver'],
    [['other'], 'Pilot'],
    [['lawyer', 'merchant', 'jobless', 'teacher'], ''],
  ])('round-trips %p + %p', (selected, custom) => {
    const parsed = parseJobValue(buildJobValue(selected, custom))
    expect(parsed).toEqual({ selectedJobs: selected, customJob: custom })
    expect(buildJobValue(parsed.selectedJobs, parsed.customJob)).toBe(
      buildJobValue(selected, custom),
    )
  })
})
