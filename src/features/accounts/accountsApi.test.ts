import { accountErrorId } from './accountsApi'

describe('accountErrorId', () => {
  it("names the server's reason for a refused removal", () => {
    const refused = (id: string) => ({ status: 400, data: { errors: { id } } })
    expect(accountErrorId(refused('hasMembers'))).toBe('hasMembers')
    expect(accountErrorId(refused('hasHouseholds'))).toBe('hasHouseholds')
    expect(accountErrorId(refused('somethingElse'))).toBe('saveFailed')
  })

  it('names a refused repeat of a create whose answer was lost', () => {
    const refused = (status: number, code: string) => ({
      status,
      data: { errors: { 'Idempotency-Key': code } },
    })
    expect(accountErrorId(refused(409, 'accountInUse'))).toBe('accountInUse')
    expect(accountErrorId(refused(422, 'keyUsedForOtherAccount'))).toBe('keyUsedForOtherAccount')
  })
})
