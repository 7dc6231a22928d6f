import { accountErrorId } from './accountsApi'

describe('accountErrorId', () => {
  it("names the server's reason for a refused removal", () => {
    const refused = (id: string) => ({ status: 400, data: { errors: { id } } })
    expect(accountErrorId(refused('hasMembers'))).toBe('hasMembers')
    expect(accountErrorId(refused('hasHouseholds'))).toBe('hasHouseholds')
    expect(accountErrorId(refused('somethingElse'))).toBe('saveFailed')
  })
})
