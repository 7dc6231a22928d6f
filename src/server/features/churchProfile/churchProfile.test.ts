// /api/church: defaults from CHURCH_NAME, admins' changes with their history, the logo.
import { verifyChain } from '../history'
import { WorkQueue } from '../../platform/workQueue'
import { processLogo } from './service'
import { pngImage } from '../../testing/memberForms'
import { BOARD, SECRETARY, testAppPerFile } from '../../testing/testApp'
import { expectRefusal } from '../../testing/responses'

const {
  ctx,
  users: { admin, clerk, auditor },
} = testAppPerFile(
  { admin: SECRETARY, clerk: 'clerk', auditor: BOARD },
  { churchName: 'Debre Selam' },
)

const put = (auth: { authorization: string }, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/church', headers: auth, payload })

describe('the church profile', () => {
  it('starts from CHURCH_NAME, ETB and the default rule, for any signed-in account', async () => {
    for (const who of [clerk, auditor, admin]) {
      const res = await ctx.app.inject({ url: '/api/church', headers: who.auth })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        name_am: 'Debre Selam',
        name_en: 'Debre Selam',
        name_om: 'Debre Selam',
        address: '',
        phone: '',
        po_box: '',
        currency: 'ETB',
        signatory_name: '',
        signatory_title: '',
        good_standing: { kind: 'max_unpaid', months: 0 },
        logo_url: null,
        id_card_languages: 'reader',
        public_url: '',
        updated_at: null,
      })
    }
    expect((await ctx.app.inject({ url: '/api/church' })).statusCode).toBe(401)
  })

  it('lets only admins change it, and keeps what is not sent', async () => {
    for (const who of [clerk, auditor]) {
      expect((await put(who.auth, { name_en: 'X' })).statusCode).toBe(403)
    }
    const res = await put(admin.auth, {
      name_am: ' ደብረ ሰላም መድኃኔዓለም ',
      name_en: 'Debre Selam Medhanealem',
      po_box: '1234',
      currency: 'usd',
      signatory_name: 'Abebe Kebede',
      signatory_title: 'Treasurer',
      good_standing: { kind: 'last_paid', months: 6 },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      name_am: 'ደብረ ሰላም መድኃኔዓለም',
      name_om: 'Debre Selam',
      currency: 'USD',
      good_standing: { kind: 'last_paid', months: 6 },
      updated_at: expect.any(String),
    })
    const again = await put(admin.auth, { phone: '+251 11 123 4567' })
    expect(again.json()).toMatchObject({
      po_box: '1234',
      phone: '+251 11 123 4567',
      currency: 'USD',
    })
  })

  it('refuses an unknown currency, a bad rule and bad text, saving nothing', async () => {
    const before = (await ctx.app.inject({ url: '/api/church', headers: admin.auth })).json()
    const bad = [
      { currency: 'XYZ' },
      { currency: 'US' },
      { good_standing: { kind: 'last_paid', months: 0 } },
      { good_standing: { kind: 'sometimes', months: 2 } },
      { name_en: 'x'.repeat(201) },
      { name_en: { a: 1 } },
      { id_card_languages: 'am_ti' },
      { id_card_languages: null },
    ]
    for (const payload of bad) {
      const res = await put(admin.auth, payload)
      expectRefusal(res, 400)
    }
    expect((await ctx.app.inject({ url: '/api/church', headers: admin.auth })).json()).toEqual(
      before,
    )
  })

  it('keeps every text but the address on one line, as papers print them', async () => {
    const before = (await ctx.app.inject({ url: '/api/church', headers: admin.auth })).json()
    for (const [field, text] of [
      ['name_en', 'Debre\nSelam'],
      ['name_am', 'ደብረ\tሰላም'],
      ['phone', '011 111\r1111'],
      ['po_box', '1234\n'],
      ['signatory_name', 'Abebe\nKebede'],
      ['signatory_title', '\tTreasurer'],
    ]) {
      const res = await put(admin.auth, { [field]: text })
      expectRefusal(res, 400)
      expect(res.json()).toMatchObject({ errors: { [field]: 'invalidValue' } })
    }
    expect((await ctx.app.inject({ url: '/api/church', headers: admin.auth })).json()).toEqual(
      before,
    )
    const address = await put(admin.auth, { address: 'Bole\nAddis Ababa' })
    expect(address.statusCode).toBe(200)
    expect(address.json()).toMatchObject({ address: 'Bole\nAddis Ababa' })
  })

  it("keeps the ID card's chosen language pair until it is changed", async () => {
    const chosen = await put(admin.auth, { id_card_languages: 'om_am' })
    expect(chosen.statusCode).toBe(200)
    expect(chosen.json()).toMatchObject({ id_card_languages: 'om_am' })
    await put(admin.auth, { phone: '0111' })
    const read = await ctx.app.inject({ url: '/api/church', headers: clerk.auth })
    expect(read.json()).toMatchObject({ id_card_languages: 'om_am', phone: '0111' })
    expect((await put(clerk.auth, { id_card_languages: 'am_en' })).statusCode).toBe(403)
    expect((await put(admin.auth, { id_card_languages: 'reader' })).json()).toMatchObject({
      id_card_languages: 'reader',
    })
  })

  it("keeps the public address receipts' QR codes point at, as an origin", async () => {
    const set = await put(admin.auth, { public_url: ' HTTPS://Abal.StMary.org:443/ ' })
    expect(set.statusCode).toBe(200)
    expect(set.json()).toMatchObject({ public_url: 'https://abal.stmary.org' })
    // Every signed-in account reads it: the clerk's receipt prints it.
    const read = await ctx.app.inject({ url: '/api/church', headers: clerk.auth })
    expect(read.json()).toMatchObject({ public_url: 'https://abal.stmary.org' })
    const row = await ctx.database.db
      .selectFrom('church_profile')
      .select('public_url')
      .executeTakeFirstOrThrow()
    expect(row.public_url).toBe('https://abal.stmary.org')
    // Other fields leave it alone; a LAN address with its port is an origin too.
    expect((await put(admin.auth, { phone: '0112' })).json()).toMatchObject({
      public_url: 'https://abal.stmary.org',
    })
    expect(
      (await put(admin.auth, { public_url: 'http://192.168.1.20:8080' })).json(),
    ).toMatchObject({ public_url: 'http://192.168.1.20:8080' })
    expect((await put(clerk.auth, { public_url: 'https://x.org' })).statusCode).toBe(403)

    const events = await ctx.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'church_update')
      .orderBy('seq', 'desc')
      .limit(3)
      .execute()
    expect(events.map((e) => JSON.parse(e.details).changes.public_url)).toEqual([
      ['https://abal.stmary.org', 'http://192.168.1.20:8080'],
      undefined,
      ['', 'https://abal.stmary.org'],
    ])

    expect((await put(admin.auth, { public_url: '' })).json()).toMatchObject({ public_url: '' })
  })

  it('refuses a public address that is not an http(s) origin, with its field, saving nothing', async () => {
    await put(admin.auth, { public_url: 'https://abal.stmary.org' })
    const before = (await ctx.app.inject({ url: '/api/church', headers: admin.auth })).json()
    const refused: [unknown, string][] = [
      ['abal.stmary.org', 'invalidValue'],
      ['ftp://abal.stmary.org', 'invalidValue'],
      ['javascript:alert(1)', 'invalidValue'],
      ['https://abal.stmary.org/verify', 'invalidValue'],
      ['https://abal.stmary.org?church=1', 'invalidValue'],
      ['https://abal.stmary.org#receipt', 'invalidValue'],
      ['https://clerk:secret@abal.stmary.org', 'invalidValue'],
      ['https://abal.stmary.org:70000', 'invalidValue'],
      [`https://${'a'.repeat(200)}.org`, 'tooLong'],
    ]
    for (const [public_url, code] of refused) {
      const res = await put(admin.auth, { public_url, name_en: 'Not saved' })
      expectRefusal(res, 400)
      expect(res.json()).toMatchObject({ errors: { public_url: code } })
    }
    for (const public_url of [null, 42, 'x'.repeat(2001)]) {
      expectRefusal(await put(admin.auth, { public_url }), 400)
    }
    expect((await ctx.app.inject({ url: '/api/church', headers: admin.auth })).json()).toEqual(
      before,
    )
  })

  it('keeps a logo as a PNG of at most 512 px at an address that changes with it', async () => {
    const png = await pngImage(1200, 600)
    const res = await put(admin.auth, { logo: `data:image/png;base64,${png.toString('base64')}` })
    expect(res.statusCode).toBe(200)
    const url = res.json<{ logo_url: string }>().logo_url
    expect(url).toMatch(/^\/api\/church\/logo\?v=[0-9a-f]{16}$/)
    // Public: receipts and the public receipt check show it.
    const logo = await ctx.app.inject({ url })
    expect(logo.statusCode).toBe(200)
    expect(logo.headers['content-type']).toBe('image/png')
    expect(logo.headers['cache-control']).toContain('immutable')
    const sharp = (await import('sharp')).default
    const meta = await sharp(logo.rawPayload).metadata()
    expect([meta.width, meta.height]).toEqual([512, 256])

    const second = await put(admin.auth, {
      logo: `data:image/png;base64,${png.toString('base64')}`,
    })
    expect(second.json<{ logo_url: string }>().logo_url).not.toBe(url)
    expect((await put(admin.auth, { logo: null })).json()).toMatchObject({ logo_url: null })
    expect((await ctx.app.inject({ url: '/api/church/logo' })).statusCode).toBe(404)
  })

  it('refuses a logo that is not an image', async () => {
    for (const logo of [
      'data:image/png;base64,' + Buffer.from('not an image at all').toString('base64'),
      'data:text/html;base64,PGgxPg==',
      'http://example.com/logo.png',
    ]) {
      const res = await put(admin.auth, { logo })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ errors: { logo: 'invalidValue' } })
    }
  })

  it('records each change in the history, which still verifies', async () => {
    const events = await ctx.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'church_update')
      .orderBy('seq')
      .execute()
    expect(events.length).toBeGreaterThanOrEqual(4)
    expect(JSON.parse(events[0].details).changes.currency).toEqual(['ETB', 'USD'])
    expect(events[0].actor_username).toBe('secretary')
    expect(await verifyChain(ctx.database.db)).toMatchObject({ intact: true })
  })
})

describe('the logo’s decode', () => {
  const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`

  it('waits its turn with the photos: with their queue full, a logo is refused with 503', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxQueued: 0, busyMessage: 'photos busy' })
    let free!: () => void
    const holding = queue.run(() => new Promise<void>((resolve) => (free = resolve)))
    const logo = dataUrl(await pngImage(40, 30))
    await expect(processLogo(logo, queue)).rejects.toMatchObject({
      statusCode: 503,
      message: 'photos busy',
    })
    free()
    await holding
    const png = await processLogo(logo, queue)
    expect(png.subarray(1, 4).toString()).toBe('PNG')
  })

  it('refuses a picture that cannot be decoded with 400, not the queue’s 503', async () => {
    const cut = (await pngImage(40, 30)).subarray(0, 60)
    await expect(processLogo(dataUrl(cut))).rejects.toMatchObject({
      statusCode: 400,
      errors: { logo: 'invalidValue' },
    })
  })
})
