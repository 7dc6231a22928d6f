import { insertUser, setUserDisabled } from '../repository'
import { hashPassword } from '../passwords'
import { testAppPerFile } from '../../../testing/testApp'

const {
  ctx,
  users: { caller },
} = testAppPerFile({ caller: 'Abebe' })

beforeAll(async () => {
  // The hash is irrelevant here; one shared hash keeps the setup fast.
  const hash = await hashPassword('irrelevant password')
  for (const name of ['Almaz', 'bekele', 'ken_do', 'kenxdo', 'pct%one', 'pctxone', 'Dawit']) {
    await insertUser(ctx.database.db, name, hash)
  }
  const gone = await insertUser(ctx.database.db, 'disabled-almaz', hash)
  await setUserDisabled(ctx.database.db, gone.id, true)
})

async function usernames(query: string): Promise<string[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/users${query}`,
    headers: caller.auth,
  })
  expect(res.statusCode).toBe(200)
  return (res.json() as Array<{ username: string }>).map((u) => u.username)
}

describe('GET /api/users', () => {
  it('lists the active accounts as {id, username} only, by name', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users', headers: caller.auth })
    expect(res.statusCode).toBe(200)
    const body = res.json() as Array<Record<string, unknown>>
    for (const row of body) {
      expect(Object.keys(row).sort()).toEqual(['id', 'username'])
      expect(typeof row.id).toBe('number')
    }
    expect(body.map((u) => u.username)).toEqual([
      'Abebe',
      'Almaz',
      'bekele',
      'Dawit',
      'ken_do',
      'kenxdo',
      'pct%one',
      'pctxone',
    ])
    expect(res.body).not.toMatch(/argon2|password|hash/i)
    // Account names: kept by no cache, the browser's included.
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('leaves the caller out when the purpose is a transfer', async () => {
    const names = await usernames('?purpose=transfer')
    expect(names).not.toContain('Abebe')
    expect(names).toContain('Almaz')
    expect(await usernames('?purpose=other')).toContain('Abebe')
  })

  it('searches a trimmed, case-insensitive substring', async () => {
    expect(await usernames(`?search=${encodeURIComponent('  ALM  ')}`)).toEqual(['Almaz'])
    expect(await usernames('?search=KEL')).toEqual(['bekele'])
    expect(await usernames('?search=b')).toEqual(['Abebe', 'bekele'])
    expect(await usernames(`?search=${encodeURIComponent('   ')}`)).toHaveLength(8)
  })

  it('combines search with the transfer purpose', async () => {
    expect(await usernames('?purpose=transfer&search=ab')).toEqual([])
    expect(await usernames('?purpose=transfer&search=B')).toEqual(['bekele'])
  })

  it('reads % and _ as themselves, not as wildcards', async () => {
    expect(await usernames(`?search=${encodeURIComponent('%')}`)).toEqual(['pct%one'])
    expect(await usernames(`?search=${encodeURIComponent('t%o')}`)).toEqual(['pct%one'])
    expect(await usernames('?search=_')).toEqual(['ken_do'])
    expect(await usernames('?search=n_d')).toEqual(['ken_do'])
    expect(await usernames(`?search=${encodeURIComponent('\\')}`)).toEqual([])
  })

  it('needs a signed-in caller', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users' })
    expect(res.statusCode).toBe(401)
  })
})
