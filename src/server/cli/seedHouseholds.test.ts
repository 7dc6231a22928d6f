import { testDatabasePerTest } from '../testing/testApp'
import { seedOwner } from '../testing/seedOwner'
import { seedHouseholds } from './seedHouseholds'

describe('the seed’s households', () => {
  const databases = testDatabasePerTest()

  it('puts most members in households of 1–9, each with one head at its address', async () => {
    const { db } = await databases.open()
    const owner = await seedOwner(db, 'office', 600, 7)
    const made = await seedHouseholds(db, { ownerId: owner.id, ownerName: 'office', seed: 7 })
    const members = await db
      .selectFrom('members')
      .select(['id', 'household_id', 'household_role', 'city'])
      .execute()
    const linked = members.filter((m) => m.household_id !== null)
    expect(linked.length / members.length).toBeGreaterThan(0.85)
    expect(linked.length / members.length).toBeLessThan(0.97)
    const sizes = new Map<number, number>()
    for (const m of linked) sizes.set(m.household_id!, (sizes.get(m.household_id!) ?? 0) + 1)
    expect(sizes.size).toBe(made)
    expect(Math.max(...sizes.values())).toBeLessThanOrEqual(9)
    const mean = linked.length / made
    expect(mean).toBeGreaterThan(3)
    expect(mean).toBeLessThan(5)
    const heads = linked.filter((m) => m.household_role === 'head')
    expect(heads).toHaveLength(made)
    const households = await db.selectFrom('households').select(['id', 'city', 'name']).execute()
    const headCity = new Map(heads.map((m) => [m.household_id, m.city]))
    for (const household of households) {
      expect(household.city).toBe(headCity.get(household.id))
      expect(household.name).toMatch(/ቤተሰብ$/)
    }
    // A second run finds nobody left to group but the few kept alone.
    expect(
      await seedHouseholds(db, { ownerId: owner.id, ownerName: 'office', seed: 8 }),
    ).toBeLessThan(made / 5)
  })
})
