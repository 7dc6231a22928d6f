import { memberDateWarning } from './dateWarnings'

const today = '2026-11-26'

describe('member date warnings (issue 28)', () => {
  it('warns about a birth date after today, not about today or earlier', () => {
    expect(memberDateWarning('date_of_birth', { date_of_birth: '2026-11-27' }, today)).toBe(
      'birthDateInFuture',
    )
    expect(memberDateWarning('date_of_birth', { date_of_birth: today }, today)).toBeUndefined()
    expect(memberDateWarning('date_of_birth', { date_of_birth: '1990-05-17' }, today)).toBe(
      undefined,
    )
    expect(memberDateWarning('date_of_birth', { date_of_birth: null }, today)).toBeUndefined()
  })

  it('warns about a baptism before the birth, only when both dates are known', () => {
    const born = { date_of_birth: '1990-05-17' }
    expect(memberDateWarning('baptism_date', { ...born, baptism_date: '1990-05-16' }, today)).toBe(
      'baptismBeforeBirth',
    )
    expect(
      memberDateWarning('baptism_date', { ...born, baptism_date: '1990-05-17' }, today),
    ).toBeUndefined()
    expect(
      memberDateWarning('baptism_date', { ...born, baptism_date: '2000-01-07' }, today),
    ).toBeUndefined()
    expect(memberDateWarning('baptism_date', { baptism_date: '1980-01-01' }, today)).toBeUndefined()
    expect(
      memberDateWarning('baptism_date', { date_of_birth: 'x', baptism_date: '1980-01-01' }, today),
    ).toBeUndefined()
  })

  it('says nothing about other fields', () => {
    expect(
      memberDateWarning('marriage_date', { date_of_birth: '2030-01-01' }, today),
    ).toBeUndefined()
  })
})
