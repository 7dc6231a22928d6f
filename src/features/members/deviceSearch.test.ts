import { listedMember, storedMember } from '../../testing/storedMember'
import { filterDeviceList } from './deviceSearch'

const abebe = storedMember({ current_ministries: ['choir'], membership_status: 'member' })
const hanna = listedMember({ id: 3, first_name: 'Hanna', last_name: 'Girma', email: null })
const kept = { rows: [listedMember(), hanna], profiles: [abebe] }
const ids = (q: string, labels: Record<string, string> = {}, status = 'all' as const) =>
  filterDeviceList(kept, q, status, labels).map((row) => row.id)

describe('the offline search over what the device keeps (issue 42)', () => {
  it("finds a kept profile's list value by its label in the interface's language", () => {
    expect(ids('መዘምራን')).toEqual([])
    expect(ids('መዘምራን', { 'option.current_ministries.choir': 'መዘምራን' })).toEqual([7])
    // The key and the English label are found in any language, as on the server.
    expect(ids('choir')).toEqual([7])
  })

  it('finds a row without a kept profile only by what it shows', () => {
    expect(ids('girma')).toEqual([3])
    expect(ids('choir')).not.toContain(3)
  })
})
