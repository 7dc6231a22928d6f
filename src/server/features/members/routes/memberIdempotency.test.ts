// POST /api/members with an Idempotency-Key (issue 30): a device's offline queue may send the
// same registration again when the first answer was lost; it must never make a second member.
import type { Member } from '../../../../domain'
import { purgeDeletedMembers } from '../../restoreBin/service'
import { memberCalls } from '../../../testing/memberCalls'
import { createUserAndSignIn, testAppPerFile } from '../../../testing/testApp'
import { multipart, registrationFields } from '../../../testing/memberForms'
import { expectRefusal } from '../../../testing/responses'

type Auth = { authorization: string }

const {
  ctx,
  users: { alice },
} = testAppPerFile({ alice: 'alice' })
const calls = memberCalls(() => ctx.app)

function post(auth: Auth, key: string | undefined, overrides: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...auth }
  if (key !== undefined) headers['idempotency-key'] = key
  return ctx.app.inject({
    method: 'POST',
    url: '/api/members',
    ...multipart(registrationFields(overrides), [], headers),
  })
}

/**
 * A registration with this key that creates its member, `meanwhile` done to that member, then the
 * same registration sent again: the member's id and the repeat's answer.
 */
async function sentAgain(
  key: string,
  firstName: string,
  meanwhile: (id: number) => Promise<unknown> = async () => undefined,
) {
  const first = await post(alice.auth, key, { first_name: firstName })
  expect(first.statusCode).toBe(201)
  const id = first.json<Member>().id
  await meanwhile(id)
  return { id, again: await post(alice.auth, key, { first_name: firstName }) }
}

async function countNamed(firstName: string) {
  const row = await ctx.database.db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('first_name', '=', firstName)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

describe('POST /api/members with an Idempotency-Key', () => {
  it('answers a repeat with the member already created (200, same id), never a second one', async () => {
    const { id, again } = await sentAgain('a3f1c2d4-0001-4e5f-8a9b-0c1d2e3f4a5b', 'Onceonly')
    expect(again.statusCode).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json<Member>().id).toBe(id)
    expect(again.json<Member>().first_name).toBe('Onceonly')
    expect(await countNamed('Onceonly')).toBe(1)
  })

  it('creates one member when the same key arrives twice at the same time', async () => {
    const key = 'concurrent-key-0002'
    const answers = await Promise.all([
      post(alice.auth, key, { first_name: 'Twiceatonce' }),
      post(alice.auth, key, { first_name: 'Twiceatonce' }),
      post(alice.auth, key, { first_name: 'Twiceatonce' }),
    ])
    const statuses = answers.map((res) => res.statusCode).sort()
    expect(statuses[0]).toBe(200)
    expect(statuses).toContain(201)
    expect(statuses.every((status) => status === 200 || status === 201)).toBe(true)
    expect(new Set(answers.map((res) => res.json<Member>().id)).size).toBe(1)
    expect(await countNamed('Twiceatonce')).toBe(1)
  })

  it('keeps keys per account: the same key from another account is another registration', async () => {
    const key = 'shared-key-0003'
    const bob = await createUserAndSignIn(ctx, 'bob')
    const fromAlice = await post(alice.auth, key, { first_name: 'Perkey' })
    const fromBob = await post(bob.auth, key, { first_name: 'Perkey' })
    expect(fromAlice.statusCode).toBe(201)
    expect(fromBob.statusCode).toBe(201)
    expect(fromBob.json<Member>().id).not.toBe(fromAlice.json<Member>().id)
    expect(fromBob.json<Member>().registerd_by).toBe('bob')
    expect(await countNamed('Perkey')).toBe(2)
  })

  it('does not remember a key whose request was refused: fixed and sent again, it is created', async () => {
    const key = 'refused-key-0004'
    const refused = await post(alice.auth, key, { first_name: '' })
    expect(refused.statusCode).toBe(400)
    const fixed = await post(alice.auth, key, { first_name: 'Fixedlater' })
    expect(fixed.statusCode).toBe(201)
  })

  it('refuses a malformed key with a 400 and creates nothing', async () => {
    for (const key of ['short', 'has space in it', 'x'.repeat(101), 'semi;colon-key']) {
      const res = await post(alice.auth, key, { first_name: 'Badkey' })
      expectRefusal(res, 400)
    }
    expect(await countNamed('Badkey')).toBe(0)
  })

  it('answers 409 when the member of a repeated key was deleted since, and makes no new one', async () => {
    const { again } = await sentAgain('deleted-key-0005', 'Gonesince', async (id) => {
      expect((await calls.remove(alice.auth, id)).statusCode).toBe(204)
    })
    expectRefusal(again, 409)
    expect(await countNamed('Gonesince')).toBe(0)
  })

  it('remembers a key for more than 30 days, through the restore bin’s daily purge', async () => {
    const key = 'old-key-0007'
    const day = 24 * 60 * 60 * 1000
    const { id, again } = await sentAgain(key, 'Monthold', async () => {
      await ctx.database.db
        .updateTable('member_create_keys')
        .set({ created_at: new Date(Date.now() - 40 * day).toISOString() })
        .where('key', '=', key)
        .execute()
      await purgeDeletedMembers(ctx.database.db, new Date(Date.now() + 40 * day))
    })
    expect(again.statusCode).toBe(200)
    expect(again.json<Member>().id).toBe(id)
    expect(await countNamed('Monthold')).toBe(1)
  })

  it('still creates a member per request without a key', async () => {
    expect((await post(alice.auth, undefined, { first_name: 'Nokey' })).statusCode).toBe(201)
    expect((await post(alice.auth, undefined, { first_name: 'Nokey' })).statusCode).toBe(201)
    expect(await countNamed('Nokey')).toBe(2)
  })
})
