// Transfers go only to accounts that can own members (admins and clerks), and a transfer racing
// the removal of its target account is a clean 409 or success, never a 500 (PostgreSQL's foreign
// key refused it in most rounds; run with TEST_DATABASE_URL).
import { memberCalls } from '../../../testing/memberCalls'
import { createUserAndSignIn, testAppPerFile } from '../../../testing/testApp'

const { ctx } = testAppPerFile()
const calls = memberCalls(() => ctx.app)

describe('transfer targets', () => {
  it('refuses an auditor as target, and the transfer list does not offer auditors', async () => {
    const clerk = await createUserAndSignIn(ctx, 'hanna')
    const admin = await createUserAndSignIn(ctx, 'office', undefined, { role: 'admin' })
    const auditor = await createUserAndSignIn(ctx, 'reader', undefined, { role: 'auditor' })
    const member = await calls.create(clerk.auth, { first_name: 'Kept' })
    const res = await calls.transfer(clerk.auth, member.id, auditor.id)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ errors: { targetUserId: 'invalidValue' } })
    expect(res.json<{ message: string }>().message).toContain('auditor')
    const all = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${clerk.id}/transfer-members`,
      headers: admin.auth,
      payload: { target_user_id: auditor.id },
    })
    expect(all.statusCode).toBe(400)
    expect((await calls.search(clerk.auth)).items.map((m) => m.id)).toEqual([member.id])

    const offered = await ctx.app.inject({
      url: '/api/users?purpose=transfer',
      headers: clerk.auth,
    })
    const names = offered.json<{ username: string }[]>().map((u) => u.username)
    expect(names).toContain('office')
    expect(names).not.toContain('reader')
    expect((await calls.transfer(clerk.auth, member.id, admin.id)).statusCode).toBe(200)
  })

  it('a transfer racing the removal of its target answers 200, 400 or 409, never 500', async () => {
    const admin = await createUserAndSignIn(ctx, 'remover', undefined, { role: 'admin' })
    const clerk = await createUserAndSignIn(ctx, 'giver')
    const statuses = new Set<number>()
    for (let round = 0; round < 15; round += 1) {
      const target = await createUserAndSignIn(ctx, `target${round}`)
      const member = await calls.create(clerk.auth, { first_name: `Race${round}` })
      const [moved, removed] = await Promise.all([
        calls.transfer(clerk.auth, member.id, target.id),
        ctx.app.inject({
          method: 'DELETE',
          url: `/api/admin/users/${target.id}`,
          headers: admin.auth,
        }),
      ])
      statuses.add(moved.statusCode).add(removed.statusCode)
      expect([200, 400, 409]).toContain(moved.statusCode)
      expect([204, 400, 409]).toContain(removed.statusCode)
      // Exactly one of them won: the member is with its new owner, or the account is gone.
      expect(moved.statusCode === 200).toBe(removed.statusCode !== 204)
      const owner = await ctx.database.db
        .selectFrom('members')
        .innerJoin('users', 'users.id', 'members.owner_user_id')
        .select('users.id')
        .where('members.id', '=', member.id)
        .executeTakeFirst()
      expect(owner?.id).toBe(moved.statusCode === 200 ? target.id : clerk.id)
    }
    expect(statuses.has(500)).toBe(false)
  })
})
