import sharp from 'sharp'
import type { Member } from '../../../../domain'
import { countPhotos } from '../repository/photos'
import { createUserAndSignIn, testAppPerFile } from '../../../testing/testApp'
import {
  type FilePart,
  jpegWithGps,
  multipart,
  photoPart,
  pngImage,
  registrationFields,
  webpImage,
} from '../../../testing/memberForms'

const { ctx } = testAppPerFile()
let auth: { authorization: string }

beforeAll(async () => {
  auth = (await createUserAndSignIn(ctx, 'alice')).auth
})

function createWith(files: FilePart[], overrides: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/members',
    ...multipart(registrationFields(overrides), files, auth),
  })
}

async function memberCount(): Promise<number> {
  const res = await ctx.app.inject({ url: '/api/members', headers: auth })
  return res.json<Member[]>().length
}

function fetchUpload(path: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ url: `/${path}`, headers })
}

describe('photos', () => {
  it('re-encodes a JPEG to at most 1024 px without EXIF or GPS, with a thumbnail', async () => {
    const original = await jpegWithGps(2000, 1500)
    expect(original.toString('latin1')).toContain('SECRET-COPYRIGHT')
    const res = await createWith([photoPart(original, 'me.jpg')])
    expect(res.statusCode).toBe(201)
    const member = res.json<Member>()
    expect(member.photo_path).toMatch(/^uploads\/[0-9a-f]{32}\.jpg$/)
    expect(member.thumbnail_path).toMatch(/^uploads\/[0-9a-f]{32}-thumb\.jpg$/)

    const photo = await fetchUpload(member.photo_path!)
    expect(photo.statusCode).toBe(200)
    expect(photo.headers['content-type']).toBe('image/jpeg')
    // Revalidated on each use, so nothing is reused from the cache after a sign-out.
    expect(photo.headers['cache-control']).toBe('private, no-cache')
    expect(photo.headers.etag).toMatch(/^"[0-9a-f]{32}"$/)
    const bytes = photo.rawPayload
    const meta = await sharp(bytes).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1024, 768])
    expect(meta.exif).toBeUndefined()
    expect(bytes.toString('latin1')).not.toContain('SECRET-COPYRIGHT')
    expect(bytes.toString('latin1')).not.toContain('SpyCam')

    const thumb = await fetchUpload(member.thumbnail_path!)
    const thumbMeta = await sharp(thumb.rawPayload).metadata()
    expect([thumbMeta.width, thumbMeta.height]).toEqual([128, 128])

    // Revalidation by the strong ETag; the prefixed path form also resolves.
    const again = await fetchUpload(member.photo_path!, {
      'if-none-match': photo.headers.etag as string,
    })
    expect(again.statusCode).toBe(304)
    expect((await fetchUpload(`uploads/${member.photo_path}`)).statusCode).toBe(200)
  })

  it.each([
    ['PNG', pngImage, 'p.png', 'image/png'],
    ['WebP', webpImage, 'p.webp', 'image/webp'],
  ])('accepts %s and stores JPEG', async (_name, make, filename, type) => {
    const res = await createWith([photoPart(await make(), filename, type)])
    expect(res.statusCode).toBe(201)
    const photo = await fetchUpload(res.json<Member>().photo_path!)
    expect((await sharp(photo.rawPayload).metadata()).format).toBe('jpeg')
  })

  it('judges by bytes, not by name: a JPEG named .txt is accepted', async () => {
    const res = await createWith([photoPart(await jpegWithGps(50, 50), 'notes.txt', 'text/plain')])
    expect(res.statusCode).toBe(201)
  })

  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
  it.each([
    ['text bytes named .png', Buffer.from('just some text, honestly'), 'x.png', 'image/png', 415],
    ['an SVG', Buffer.from(svg), 'x.svg', 'image/svg+xml', 415],
    [
      'HTML',
      Buffer.from('<!doctype html><html><body>hi</body></html>'),
      'x.jpg',
      'image/jpeg',
      415,
    ],
    ['a GIF', Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64'), 'x.gif', 'image/gif', 415],
  ])('refuses %s with 415 and stores nothing', async (_what, data, filename, type, status) => {
    const members = await memberCount()
    const photos = await countPhotos(ctx.database.db)
    const res = await createWith([photoPart(data, filename, type)])
    expect(res.statusCode).toBe(status)
    expect(res.json()).toEqual({
      success: false,
      message: 'Only JPEG, PNG or WebP photos are accepted',
    })
    expect(await memberCount()).toBe(members)
    expect(await countPhotos(ctx.database.db)).toBe(photos)
  })

  it('refuses a truncated JPEG with 415 and stores nothing', async () => {
    const members = await memberCount()
    const jpeg = await jpegWithGps(800, 600)
    const res = await createWith([photoPart(jpeg.subarray(0, Math.floor(jpeg.length / 2)))])
    expect(res.statusCode).toBe(415)
    expect(res.json().message).toMatch(/damaged or incomplete/)
    expect(await memberCount()).toBe(members)
  })

  it('refuses a photo over 10 MB with 413 and stores nothing', async () => {
    const members = await memberCount()
    const jpeg = await jpegWithGps(64, 64)
    const huge = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 + 1 - jpeg.length, 0)])
    const res = await createWith([photoPart(huge)])
    expect(res.statusCode).toBe(413)
    expect(res.json().success).toBe(false)
    expect(await memberCount()).toBe(members)
  })

  it('refuses a second file part', async () => {
    const jpeg = await jpegWithGps(64, 64)
    const res = await createWith([photoPart(jpeg), { ...photoPart(jpeg), field: 'other' }])
    expect(res.statusCode).toBe(413)
  })

  it('replaces the photo on update (old name 404) and deletes it with the member', async () => {
    const created = (await createWith([photoPart(await jpegWithGps(300, 300))])).json<Member>()
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/members/${created.id}`,
      ...multipart({ notes: 'new photo' }, [photoPart(await pngImage())], auth),
    })
    expect(updated.statusCode).toBe(200)
    const member = updated.json<Member>()
    expect(member.photo_path).not.toBe(created.photo_path)
    expect((await fetchUpload(created.photo_path!)).statusCode).toBe(404)
    expect((await fetchUpload(created.thumbnail_path!)).statusCode).toBe(404)
    expect((await fetchUpload(member.photo_path!)).statusCode).toBe(200)

    // An update without a photo part keeps the photo.
    const kept = await ctx.app.inject({
      method: 'PUT',
      url: `/api/members/${created.id}`,
      ...multipart({ notes: 'same photo' }, [], auth),
    })
    expect(kept.json<Member>().photo_path).toBe(member.photo_path)

    // A bad photo on update changes nothing at all.
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/members/${created.id}`,
      ...multipart(
        { notes: 'bad' },
        [photoPart(Buffer.from('<svg/>'), 'x.svg', 'image/svg+xml')],
        auth,
      ),
    })
    expect(refused.statusCode).toBe(415)
    const read = await ctx.app.inject({ url: `/api/members/${created.id}`, headers: auth })
    expect(read.json()).toMatchObject({ notes: 'same photo', photo_path: member.photo_path })

    const photos = await countPhotos(ctx.database.db)
    await ctx.app.inject({ method: 'DELETE', url: `/api/members/${created.id}`, headers: auth })
    expect((await fetchUpload(member.photo_path!)).statusCode).toBe(404)
    expect(await countPhotos(ctx.database.db)).toBe(photos - 1)
  })

  it('answers 404 for names that are not photos', async () => {
    for (const name of [
      'nope.jpg',
      '../../etc/passwd',
      `${'0'.repeat(32)}.jpg`,
      `${'a'.repeat(32)}.png`,
    ]) {
      const res = await fetchUpload(`uploads/${name}`)
      expect(res.statusCode).toBe(404)
    }
  })
})
