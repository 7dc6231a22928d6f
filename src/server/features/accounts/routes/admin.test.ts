// Accounts in the app and the restore bin (issue 25).
import { memberCalls } from '../../../testing/memberCalls'
import { multipart, photoPart, pngImage, registrationFields } from '../../../testing/memberForms'
import { verifyPassword } from '../passwords'
import {
  buildTestApp,
  createTestApp,
  createUserAndSignIn,
  type TestContext,
} from '../../../testing/testApp'

let ctx: TestContext
const calls = memberCalls(() => ctx.app)
type Auth = { authorization: string }
let admin: { id: number; auth: Auth }

beforeEach(async () => {
  ctx = await createTestApp()
  admin = await createUserAndSignIn(ctx, 'secretary', undefined, { role: 'admin' })
})
afterEach(() => ctx.close())

const inject = (auth: Auth, method: string, url: string, payload?: object) =>
  ctx.app.inject({ method: method as 'GET', url, headers: auth, payload })

/** An admin's change to an account, answered with its status. */
const patchStatus = async (id: number, changes: object) =>
  (await inject(admin.auth, 'PATCH', `/api/admin/users/${id}`, changes)).statusCode

async function login(username: string, password: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
  })
  return res
}

describe('accounts', () => {
  it('creates an account with a one-time password that must be changed at first sign-in', async () => {
    const created = await inject(admin.auth, 'POST', '/api/admin/users', {
      username: 'hanna',
      role: 'clerk',
    })
    expect(created.statusCode).toBe(201)
    const { user, temporary_password: temporary } = created.json()
    expect(user).toMatchObject({
      username: 'hanna',
      role: 'clerk',
      must_change_password: true,
      member_count: 0,
    })
    // 13 letters and digits, none of the look-alikes I l 1 O 0.
    expect(temporary).toMatch(/^[A-HJ-NP-Za-km-z2-9]{13}$/)

    const signIn = await login('hanna', temporary)
    expect(signIn.json().user.must_change_password).toBe(true)
    const auth = { authorization: `Bearer ${signIn.json().token}` }
    // Nothing but the password change (and me, logout) until then.
    const blocked = await inject(auth, 'GET', '/api/members')
    expect(blocked.statusCode).toBe(403)
    expect(blocked.json().errors).toEqual({ password: 'passwordChangeRequired' })
    expect((await inject(auth, 'GET', '/api/me')).json().must_change_password).toBe(true)
    const changed = await inject(auth, 'POST', '/api/me/password', {
      current_password: temporary,
      new_password: 'hanna chose this one',
    })
    expect(changed.statusCode).toBe(204)
    expect((await inject(auth, 'GET', '/api/members')).statusCode).toBe(200)
    expect((await login('hanna', temporary)).statusCode).toBe(401)
  })

  it('refuses a taken or invalid username', async () => {
    await createUserAndSignIn(ctx, 'Hanna')
    expect(
      (await inject(admin.auth, 'POST', '/api/admin/users', { username: 'HANNA' })).statusCode,
    ).toBe(400)
    expect(
      (await inject(admin.auth, 'POST', '/api/admin/users', { username: 'a b' })).statusCode,
    ).toBe(400)
    expect(
      (await inject(admin.auth, 'POST', '/api/admin/users', { username: 'x', role: 'owner' }))
        .statusCode,
    ).toBe(400)
  })

  it('lists accounts with role, state, last sign-in and member count', async () => {
    const clerk = await createUserAndSignIn(ctx, 'hanna')
    await calls.create(clerk.auth)
    const list = (await inject(admin.auth, 'GET', '/api/admin/users')).json()
    expect(list.find((a: { username: string }) => a.username === 'hanna')).toMatchObject({
      role: 'clerk',
      disabled: false,
      member_count: 1,
      last_login_at: expect.any(String),
    })
    expect(JSON.stringify(list)).not.toMatch(/argon2|password_hash/)
  })

  it('a reset gives a new one-time password and ends the old tokens', async () => {
    const clerk = await createUserAndSignIn(ctx, 'hanna')
    const reset = await inject(admin.auth, 'POST', `/api/admin/users/${clerk.id}/reset-password`)
    expect(reset.statusCode).toBe(200)
    expect((await inject(clerk.auth, 'GET', '/api/users')).statusCode).toBe(401)
    expect((await login('hanna', 'correct horse battery')).statusCode).toBe(401)
    const again = await login('hanna', reset.json().temporary_password)
    expect(again.json().user.must_change_password).toBe(true)
  })

  it('a role change and disabling end the sessions of the account', async () => {
    const clerk = await createUserAndSignIn(ctx, 'hanna')
    const promoted = await inject(admin.auth, 'PATCH', `/api/admin/users/${clerk.id}`, {
      role: 'auditor',
    })
    expect(promoted.json()).toMatchObject({ role: 'auditor' })
    expect((await inject(clerk.auth, 'GET', '/api/users')).statusCode).toBe(401)
    const second = await login('hanna', 'correct horse battery')
    const auth = { authorization: `Bearer ${second.json().token}` }
    expect(await patchStatus(clerk.id, { disabled: true })).toBe(200)
    expect((await inject(auth, 'GET', '/api/users')).statusCode).toBe(401)
    expect((await login('hanna', 'correct horse battery')).statusCode).toBe(401)
  })

  it('never disables, demotes or removes the last enabled admin', async () => {
    const demote = await inject(admin.auth, 'PATCH', `/api/admin/users/${admin.id}`, {
      role: 'clerk',
    })
    expect(demote.statusCode).toBe(400)
    expect(demote.json().errors).toEqual({ role: 'lastAdmin' })
    expect(await patchStatus(admin.id, { disabled: true })).toBe(400)
    const second = await createUserAndSignIn(ctx, 'deputy', undefined, { role: 'admin' })
    expect(await patchStatus(second.id, { disabled: true })).toBe(200)
    // The disabled deputy does not count: the secretary is still the last enabled admin.
    expect(await patchStatus(admin.id, { role: 'clerk' })).toBe(400)
    expect(await patchStatus(second.id, { disabled: false })).toBe(200)
    expect(await patchStatus(admin.id, { role: 'clerk' })).toBe(200)
  })

  it('records each change to an account in the history, under its name', async () => {
    const created = await inject(admin.auth, 'POST', '/api/admin/users', {
      username: 'hanna',
      role: 'clerk',
    })
    const id = created.json().user.id as number
    await inject(admin.auth, 'PATCH', `/api/admin/users/${id}`, { role: 'auditor' })
    await inject(admin.auth, 'POST', `/api/admin/users/${id}/reset-password`)
    expect((await inject(admin.auth, 'DELETE', `/api/admin/users/${id}`)).statusCode).toBe(204)
    const events = await ctx.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_username', 'subject_user_id', 'details'])
      .where('action', 'like', 'account_%')
      .orderBy('seq')
      .execute()
    expect(events.map((event) => ({ ...event, details: JSON.parse(event.details) }))).toEqual([
      {
        action: 'account_create',
        actor_username: 'secretary',
        subject_user_id: id,
        details: { username: 'hanna', role: 'clerk' },
      },
      {
        action: 'account_update',
        actor_username: 'secretary',
        subject_user_id: id,
        details: { username: 'hanna', changes: { role: ['clerk', 'auditor'] } },
      },
      {
        action: 'account_password_reset',
        actor_username: 'secretary',
        subject_user_id: id,
        details: { username: 'hanna' },
      },
      {
        action: 'account_remove',
        actor_username: 'secretary',
        subject_user_id: id,
        details: { username: 'hanna' },
      },
    ])
  })

  it('hands all members of an account to another, then lets the empty account be removed', async () => {
    const leaving = await createUserAndSignIn(ctx, 'leaving')
    const staying = await createUserAndSignIn(ctx, 'staying')
    await calls.create(leaving.auth)
    await calls.create(leaving.auth)
    const removeEarly = await inject(admin.auth, 'DELETE', `/api/admin/users/${leaving.id}`)
    expect(removeEarly.statusCode).toBe(400)
    expect(removeEarly.json().errors).toEqual({ id: 'hasMembers' })
    const moved = await inject(
      admin.auth,
      'POST',
      `/api/admin/users/${leaving.id}/transfer-members`,
      {
        target_user_id: staying.id,
      },
    )
    expect(moved.json()).toEqual({ moved: 2 })
    expect((await calls.search(staying.auth)).total).toBe(2)
    expect((await inject(admin.auth, 'DELETE', `/api/admin/users/${leaving.id}`)).statusCode).toBe(
      204,
    )
    const bad = await inject(
      admin.auth,
      'POST',
      `/api/admin/users/${staying.id}/transfer-members`,
      {
        target_user_id: staying.id,
      },
    )
    expect(bad.statusCode).toBe(400)
  })
})

describe('whose members', () => {
  it('admins and auditors choose mine, an account or all, with the owner on each item', async () => {
    const clerk = await createUserAndSignIn(ctx, 'hanna')
    const auditor = await createUserAndSignIn(ctx, 'board', undefined, { role: 'auditor' })
    await calls.create(clerk.auth, { first_name: 'Almaz' })
    await calls.create(admin.auth, { first_name: 'Bekele' })
    expect((await calls.search(admin.auth)).total).toBe(1)
    const everyone = await calls.search(auditor.auth, { owner: 'all' })
    expect(everyone.total).toBe(2)
    expect(everyone.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          first_name: 'Almaz',
          owner_username: 'hanna',
          owner_user_id: clerk.id,
        }),
      ]),
    )
    const hers = await calls.search(admin.auth, { owner: String(clerk.id), q: 'alm' })
    expect(hers.items.map((m) => m.first_name)).toEqual(['Almaz'])
    // A clerk's choice is ignored: still only its own.
    expect((await calls.search(clerk.auth, { owner: 'all' })).total).toBe(1)
    expect((await inject(auditor.auth, 'GET', '/api/members?owner=all')).json()).toHaveLength(2)
    expect((await inject(auditor.auth, 'GET', '/api/members?owner=abc')).statusCode).toBe(400)
  })
})

describe('one member of another account', () => {
  it('carries its owner for admins and auditors; the owner reads it without', async () => {
    const clerk = await createUserAndSignIn(ctx, 'hanna')
    const auditor = await createUserAndSignIn(ctx, 'board', undefined, { role: 'auditor' })
    const { id } = await calls.create(clerk.auth, { first_name: 'Almaz' })
    for (const reader of [admin, auditor]) {
      const read = await inject(reader.auth, 'GET', `/api/members/${id}`)
      expect(read.json()).toMatchObject({ owner_user_id: clerk.id, owner_username: 'hanna' })
    }
    const own = (await inject(clerk.auth, 'GET', `/api/members/${id}`)).json()
    expect(own).not.toHaveProperty('owner_username')
  })
})

describe('restore bin', () => {
  const restore = (id: number) =>
    inject(admin.auth, 'POST', `/api/admin/deleted-members/${id}/restore`)

  /** A member of a clerk's, deleted by the clerk: in the bin. */
  async function deletedMember() {
    const clerk = await createUserAndSignIn(ctx, 'hanna')
    const member = await calls.create(clerk.auth)
    await calls.remove(clerk.auth, member.id)
    return { clerk, member }
  }

  /** Backdates a member's copy in the bin. */
  const deletedAgo = (id: number, ms: number) =>
    ctx.database.db
      .updateTable('deleted_members')
      .set({ deleted_at: new Date(Date.now() - ms).toISOString() })
      .where('member_id', '=', id)
      .execute()

  it('gives back a deleted member with its id, fields, photo and last owner', async () => {
    const clerk = await createUserAndSignIn(ctx, 'hanna')
    const photo = await pngImage()
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/members',
      ...multipart(
        { ...registrationFields({ city: 'Jimma' }) },
        [photoPart(photo, 'p.png', 'image/png')],
        clerk.auth,
      ),
    })
    const member = created.json()
    const photoBefore = await ctx.app.inject({ url: `/${member.photo_path}` })
    expect(photoBefore.statusCode).toBe(200)
    expect((await calls.remove(clerk.auth, member.id)).statusCode).toBe(204)
    expect((await ctx.app.inject({ url: `/${member.photo_path}` })).statusCode).toBe(404)

    const bin = (await inject(admin.auth, 'GET', '/api/admin/deleted-members')).json().items
    expect(bin).toEqual([
      expect.objectContaining({
        id: member.id,
        first_name: member.first_name,
        deleted_by: 'hanna',
        owner_username: 'hanna',
        has_photo: true,
      }),
    ])
    const restored = await restore(member.id)
    expect(restored.statusCode).toBe(200)
    const back = (await inject(clerk.auth, 'GET', `/api/members/${member.id}`)).json()
    expect({ ...back, updated_at: undefined }).toEqual({ ...member, updated_at: undefined })
    const photoAfter = await ctx.app.inject({ url: `/${member.photo_path}` })
    expect(photoAfter.rawPayload.equals(photoBefore.rawPayload)).toBe(true)
    expect((await inject(admin.auth, 'GET', '/api/admin/deleted-members')).json().items).toEqual([])
    expect((await calls.search(clerk.auth)).total).toBe(1)
    const history = (await inject(admin.auth, 'GET', `/api/members/${member.id}/history`)).json()
      .items
    expect(history[0]).toMatchObject({ action: 'member_restore', actor_username: 'secretary' })
    expect((await restore(member.id)).statusCode).toBe(404)
  })

  it('refuses a copy past its 30 days at the moment of the request, before any purge', async () => {
    const { clerk, member } = await deletedMember()
    // Deleted 30 days and a minute ago; the daily purge has not run since.
    await deletedAgo(member.id, (30 * 24 * 60 + 1) * 60 * 1000)
    expect((await inject(admin.auth, 'GET', '/api/admin/deleted-members')).json().items).toEqual([])
    const restored = await restore(member.id)
    expect(restored.statusCode).toBe(410)
    expect(restored.json().message).toContain('30 days')
    expect((await inject(clerk.auth, 'GET', `/api/members/${member.id}`)).statusCode).toBe(404)
    // A day younger, the same copy comes back.
    await deletedAgo(member.id, 29 * 24 * 60 * 60 * 1000)
    expect((await restore(member.id)).statusCode).toBe(200)
  })

  it('purges copies older than 30 days on start, and records the purge', async () => {
    const { member } = await deletedMember()
    const at = (days: number) => () => new Date(Date.now() + days * 24 * 60 * 60 * 1000)
    for (const [days, left] of [
      [29, 1],
      [31, 0],
    ] as const) {
      const later = await buildTestApp(ctx.database, { clock: at(days) })
      await later.ready()
      await later.close()
      const kept = await ctx.database.db.selectFrom('deleted_members').select('member_id').execute()
      expect(kept).toHaveLength(left)
    }
    const purge = await ctx.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'member_purge')
      .execute()
    expect(purge).toEqual([expect.objectContaining({ member_id: member.id, actor_id: null })])
  })
})

describe('an account created over a weak connection', () => {
  const post = (auth: Auth, key: string, body: object = { username: 'hanna', role: 'clerk' }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { ...auth, 'idempotency-key': key },
      payload: body,
    })
  const accountEvents = async () =>
    (
      await ctx.database.db
        .selectFrom('audit_events')
        .select('action')
        .where('action', 'like', 'account_%')
        .orderBy('seq')
        .execute()
    ).map((event) => event.action)
  const named = (username: string) =>
    ctx.database.db.selectFrom('users').selectAll().where('username', '=', username).execute()

  it('answers a repeated key with a new one-time password that works; the first no longer does', async () => {
    const first = await post(admin.auth, 'account-form-0001')
    expect(first.statusCode).toBe(201)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    const again = await post(admin.auth, 'account-form-0001')
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    const { user, temporary_password: password } = again.json()
    expect(user).toEqual(first.json().user)
    expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{13}$/)
    expect(password).not.toBe(first.json().temporary_password)
    expect(await named('hanna')).toHaveLength(1)
    // The replaced password is refused; the one shown signs in and must be changed.
    expect((await login('hanna', first.json().temporary_password)).statusCode).toBe(401)
    const signedIn = await login('hanna', password)
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.json().user.must_change_password).toBe(true)
    // One create; the new password is in the history as Reset password records it.
    expect(await accountEvents()).toEqual(['account_create', 'account_password_reset'])
  })

  it('refuses a repeat once the account has been signed in to, and changes nothing', async () => {
    const first = (await post(admin.auth, 'account-form-0002')).json()
    const signedIn = await login('hanna', first.temporary_password)
    const auth = { authorization: `Bearer ${signedIn.json().token}` }
    const refused = await post(admin.auth, 'account-form-0002')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().errors).toEqual({ 'Idempotency-Key': 'accountInUse' })
    expect(JSON.stringify(refused.json())).not.toMatch(/temporary_password/)
    // Its session and its password stand.
    expect((await inject(auth, 'GET', '/api/me')).statusCode).toBe(200)
    expect((await login('hanna', first.temporary_password)).statusCode).toBe(200)
    // Once it has its own password too.
    await inject(auth, 'POST', '/api/me/password', {
      current_password: first.temporary_password,
      new_password: 'hanna chose this one',
    })
    expect((await post(admin.auth, 'account-form-0002')).statusCode).toBe(409)
    expect((await login('hanna', 'hanna chose this one')).statusCode).toBe(200)
    expect(await accountEvents()).toEqual(['account_create', 'account_password_change'])
  })

  it('refuses the name with another key, or from another admin, as taken', async () => {
    const first = (await post(admin.auth, 'account-form-0003')).json()
    const deputy = await createUserAndSignIn(ctx, 'deputy', undefined, { role: 'admin' })
    for (const [auth, key] of [
      [admin.auth, 'account-form-0004'],
      [deputy.auth, 'account-form-0003'],
    ] as const) {
      const refused = await post(auth, key)
      expect(refused.statusCode).toBe(400)
      expect(refused.json().errors).toEqual({ username: 'usernameTaken' })
    }
    // Nothing was reset: the first password still signs in.
    expect((await login('hanna', first.temporary_password)).statusCode).toBe(200)
    expect(await accountEvents()).toEqual(['account_create'])
  })

  it('refuses a repeated key that asks for another name or role (422), changing nothing', async () => {
    const first = (await post(admin.auth, 'account-form-0005')).json()
    for (const body of [
      { username: 'hanna2', role: 'clerk' },
      { username: 'hanna', role: 'auditor' },
    ]) {
      const refused = await post(admin.auth, 'account-form-0005', body)
      expect(refused.statusCode).toBe(422)
      expect(refused.json().errors).toEqual({ 'Idempotency-Key': 'keyUsedForOtherAccount' })
    }
    // The same name in other letter case is the same account.
    const again = await post(admin.auth, 'account-form-0005', { username: 'HANNA', role: 'clerk' })
    expect(again.statusCode).toBe(201)
    expect(again.json().user.id).toBe(first.user.id)
    expect(await named('hanna2')).toHaveLength(0)
    expect((await post(admin.auth, 'short')).statusCode).toBe(400)
  })

  it('makes the account again when the repeat comes after it was removed', async () => {
    const first = (await post(admin.auth, 'account-form-0007')).json()
    const removed = await inject(admin.auth, 'DELETE', `/api/admin/users/${first.user.id}`)
    expect(removed.statusCode).toBe(204)
    const again = await post(admin.auth, 'account-form-0007')
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBeUndefined()
    expect(again.json().user.id).not.toBe(first.user.id)
    expect((await login('hanna', again.json().temporary_password)).statusCode).toBe(200)
  })

  it('makes one account from the same key sent at once; the password last issued works', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post(admin.auth, 'account-form-0006')),
    )
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201])
    expect(new Set(answers.map((a) => a.json().user.id)).size).toBe(1)
    const [stored] = await named('hanna')
    const working = await Promise.all(
      answers.map((a) => verifyPassword(stored!.password_hash, a.json().temporary_password)),
    )
    expect(working.filter(Boolean)).toHaveLength(1)
    const events = await accountEvents()
    expect(events.filter((action) => action === 'account_create')).toHaveLength(1)
  })
})
