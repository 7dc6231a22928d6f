// Two households changed in one request are locked in id order, so two clerks moving members
// between the same two households in opposite directions wait for each other on PostgreSQL
// instead of deadlocking (one of them would be aborted).
import { heldOpen } from '../../testing/heldOpen'
import { householdWith } from '../../testing/importCalls'
import { memberCalls } from '../../testing/memberCalls'
import { testAppPerFile } from '../../testing/testApp'
import * as repo from './repository'

const {
  ctx,
  users: { alice },
} = testAppPerFile({ alice: 'alice' })
const calls = memberCalls(() => ctx.app)

describe('a member moved to another household while the other way is being moved', () => {
  it('waits for the other move and is saved, and so is the other move', async () => {
    const leaver = await calls.create(alice.auth, { first_name: 'Yonas', middle_name: 'Tadesse' })
    const comer = await calls.create(alice.auth, { first_name: 'Meseret', middle_name: 'Haile' })
    const first = await householdWith(ctx.app, alice.auth, { name: 'Tadesse family' }, [
      [leaver, 'child'],
    ])
    const second = await householdWith(ctx.app, alice.auth, { name: 'Haile family' }, [
      [comer, 'child'],
    ])
    expect(first).toBeLessThan(second)

    // The other move (the comer into the first household) has locked the lower id first.
    const other = await heldOpen(ctx.database)
    await repo.lockHousehold(other.trx, first)
    const move = ctx.app.inject({
      method: 'PUT',
      url: `/api/households/${second}/members/${leaver.id}`,
      headers: alice.auth,
      payload: { role: 'relative' },
    })
    await other.waitedOn()
    // Locked out of order, the move would hold the second household here: a deadlock.
    await repo.lockHousehold(other.trx, second)
    await repo.setMembership(other.trx, comer.id, first, 'relative', alice.id)
    await other.commit()

    const res = await move
    expect(res.statusCode).toBe(200)
    const placed = await ctx.database.db
      .selectFrom('members')
      .select(['id', 'household_id'])
      .where('id', 'in', [leaver.id, comer.id])
      .orderBy('id')
      .execute()
    expect(placed).toEqual([
      { id: leaver.id, household_id: second },
      { id: comer.id, household_id: first },
    ])
  })
})
