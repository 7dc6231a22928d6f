// Inputs that once answered 500: each must be a 400 in the API error shape on both databases.
import { createUserAndSignIn, testAppPerFile } from './testing/testApp'
import { multipart, registrationFields } from './testing/memberForms'
import { csvOf, importCalls } from './testing/importCalls'
import { encodeCursor } from './features/search/repository'

const {
  ctx,
  users: { alice },
} = testAppPerFile({ alice: 'alice' })
let memberId: number

beforeAll(async () => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/members',
    ...multipart(registrationFields(), [], alice.auth),
  })
  memberId = res.json<{ id: number }>().id
})

let admin: Awaited<ReturnType<typeof createUserAndSignIn>> | undefined
const signedInAdmin = async () =>
  (admin ??= await createUserAndSignIn(ctx, 'ayana', undefined, { role: 'admin' }))

function expect400(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(400)
  expect(res.json()).toMatchObject({ success: false, message: expect.any(String) })
}

const NUL = '\u0000'
const TOO_BIG = '2147483648'

describe('a NUL character', () => {
  it.each(['abc', `ab${NUL}c`, `${NUL}${NUL}${NUL}`, `a${NUL}`])(
    'in a search query %j answers 400 or a result, never 500',
    async (q) => {
      const res = await ctx.app.inject({
        url: `/api/members/search?q=${encodeURIComponent(q)}`,
        headers: alice.auth,
      })
      if (q.includes(NUL)) expect400(res)
      else expect(res.statusCode).toBe(200)
    },
  )

  it('in a member field (multipart and JSON) answers 400 and stores nothing', async () => {
    const before = await ctx.app.inject({ url: '/api/members', headers: alice.auth })
    const form = multipart(registrationFields({ city: `Addis${NUL}Ababa` }), [], alice.auth)
    expect400(await ctx.app.inject({ method: 'POST', url: '/api/members', ...form }))
    expect400(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/members',
        headers: alice.auth,
        payload: { ...registrationFields(), notes: `x${NUL}` },
      }),
    )
    const after = await ctx.app.inject({ url: '/api/members', headers: alice.auth })
    expect(after.json()).toEqual(before.json())
  })

  it('in a list item or a field name answers 400', async () => {
    const list = multipart(
      registrationFields({ children_info: JSON.stringify([`Sara${NUL}`]) }),
      [],
      alice.auth,
    )
    expect400(await ctx.app.inject({ method: 'PUT', url: `/api/members/${memberId}`, ...list }))
    const name = multipart({ [`city${NUL}`]: 'x' }, [], alice.auth)
    expect400(await ctx.app.inject({ method: 'PUT', url: `/api/members/${memberId}`, ...name }))
  })

  it('in a user search and in the unauthenticated login username answers 400', async () => {
    expect400(
      await ctx.app.inject({
        url: `/api/users?search=${encodeURIComponent(`al${NUL}`)}`,
        headers: alice.auth,
      }),
    )
    expect400(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: `alice${NUL}`, password: 'whatever it is' },
      }),
    )
  })
})

describe('numbers beyond a 32-bit integer', () => {
  it.each(['GET', 'PUT', 'DELETE'] as const)('as a member id of %s answer 400', async (method) => {
    const res = await ctx.app.inject({
      method,
      url: `/api/members/${TOO_BIG}`,
      ...(method === 'PUT' ? multipart({ city: 'x' }, [], alice.auth) : { headers: alice.auth }),
    })
    expect400(res)
  })

  it('as a transfer id or target answer 400', async () => {
    expect400(
      await ctx.app.inject({
        method: 'POST',
        url: `/api/members/transfer/${TOO_BIG}`,
        headers: alice.auth,
        payload: { targetUserId: 2 },
      }),
    )
    for (const targetUserId of [2147483648, TOO_BIG, 999999999999999]) {
      expect400(
        await ctx.app.inject({
          method: 'POST',
          url: `/api/members/transfer/${memberId}`,
          headers: alice.auth,
          payload: { targetUserId },
        }),
      )
    }
  })

  it.each(['/api/households', '/api/payments', '/api/audit'])(
    'as a cursor of %s answers 400',
    async (url) => {
      const { auth } = await signedInAdmin()
      for (const cursor of [TOO_BIG, '9999999999']) {
        const res = await ctx.app.inject({ url: `${url}?cursor=${cursor}`, headers: auth })
        expect400(res)
        expect(res.json()).toMatchObject({ errors: { cursor: 'invalidValue' } })
      }
      const last = await ctx.app.inject({ url: `${url}?cursor=2147483647`, headers: auth })
      expect(last.statusCode).toBe(200)
    },
  )

  it('in a search cursor answers 400, as does a NUL in its date', async () => {
    for (const cursor of [
      encodeCursor({ transferDate: null, id: 2147483648 }),
      encodeCursor({ transferDate: '2026-01-01', id: 2 ** 40 }),
      encodeCursor({ transferDate: `2026${NUL}`, id: 5 }),
    ]) {
      expect400(
        await ctx.app.inject({
          url: `/api/members/search?cursor=${cursor}`,
          headers: alice.auth,
        }),
      )
      expect400(
        await ctx.app.inject({
          url: `/api/members/search?q=abebe&cursor=${cursor}`,
          headers: alice.auth,
        }),
      )
    }
  })
})

describe('numeric text beyond a double (coerced to Infinity)', () => {
  it.each([
    '/api/funds/1e309',
    '/api/payments/%31%65%33%30%39',
    '/api/payments/-1e309',
    '/api/payments?member_id=1e309',
  ])('in %s answers 400', async (url) => {
    const { auth } = await signedInAdmin()
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await ctx.app.inject({ method, url, headers: auth })
      expect(res.statusCode).toBe(400)
      if (method === 'GET') expect400(res)
    }
  })
})

describe('malformed multipart', () => {
  const cases: [string, string, string | Buffer][] = [
    ['an empty body', 'multipart/form-data; boundary=xyz', ''],
    ['no boundary', 'multipart/form-data', '--xyz\r\n'],
    ['an empty boundary', 'multipart/form-data; boundary=', '--\r\n'],
    ['a bad boundary', 'multipart/form-data; boundary=xyz', '--abc\r\nnot a part\r\n--abc--'],
    [
      'a truncated part',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="city"\r\n\r\nAddis',
    ],
    [
      'garbage headers',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\n\u0001\u0002\r\n\r\n--xyz--',
    ],
    [
      'a file cut short',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n' +
        'Content-Type: text/csv\r\n\r\nfirst_name,last_name\r\nAbebe,Kebede',
    ],
  ]
  it.each(cases)(
    'with %s answers 400 on create, update and import',
    async (_case, type, payload) => {
      const headers = { ...alice.auth, 'content-type': type }
      expect400(await ctx.app.inject({ method: 'POST', url: '/api/members', headers, payload }))
      expect400(
        await ctx.app.inject({ method: 'PUT', url: `/api/members/${memberId}`, headers, payload }),
      )
      expect400(await ctx.app.inject({ method: 'POST', url: '/api/imports', headers, payload }))
    },
  )
})

// A word that names a member of Object.prototype ("constructor") once found it in a table of
// words (an alias, a short form, a family role) and broke the lookup, or passed for a value.
describe('a word that names an object property', () => {
  const members = async () =>
    (await ctx.app.inject({ url: '/api/members', headers: alice.auth })).json<unknown[]>()

  it('as an option of a member field (JSON and multipart) answers 400 and stores nothing', async () => {
    const before = await members()
    for (const fields of [
      { gender: 'constructor' } as Record<string, string>,
      { preferred_contact_method: 'Constructor' },
      { membership_status: 'con structor' },
    ]) {
      expect400(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/members',
          headers: alice.auth,
          payload: { ...registrationFields(), ...fields },
        }),
      )
      const form = multipart(registrationFields(fields), [], alice.auth)
      expect400(await ctx.app.inject({ method: 'POST', url: '/api/members', ...form }))
    }
    expect(await members()).toEqual(before)
  })

  it('as a list item is kept as the text typed', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/members',
      headers: alice.auth,
      payload: { ...registrationFields(), current_ministries: ['constructor'] },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ current_ministries: ['constructor'] })
  })

  it.each(['/api/members/search', '/api/members/search/count', '/api/members/export'])(
    'as the status of %s answers 400',
    async (url) => {
      const res = await ctx.app.inject({ url: `${url}?status=constructor`, headers: alice.auth })
      expect400(res)
      expect(res.json()).toMatchObject({ errors: { status: 'invalidValue' } })
    },
  )

  it('in an imported cell refuses its row as an unknown value', async () => {
    const calls = importCalls(() => ctx.app)
    const file = csvOf([
      ['first_name', 'middle_name', 'gender', 'family_id', 'family_role'],
      ['Abebe', 'Kebede', 'constructor', 'F1', 'Head'],
      ['Sara', 'Kebede', 'female', 'F1', 'constructor'],
    ])
    const upload = await calls.upload(alice.auth, file, 'members.csv', {}, 'text/csv')
    expect(upload.statusCode).toBe(200)
    const preview = upload.json<{ id: string; errors: { row: number; field: string }[] }>()
    expect(preview.errors).toEqual([
      expect.objectContaining({ row: 2, field: 'gender', message: 'invalidValue' }),
      expect.objectContaining({ row: 3, field: 'family_role', message: 'invalidValue' }),
    ])
    const before = await members()
    const commit = await calls.commit(alice.auth, preview.id, { on_duplicate: 'create' })
    expect(commit.json()).toEqual({ created: 0, updated: 0, skipped: 0, refused: 2 })
    expect(await members()).toEqual(before)
  })
})
