/**
 * Scale-out: two server processes on different ports, one PostgreSQL database, the same
 * JWT_SECRET. A member registered with a photo through one is read, edited and its photo fetched
 * through the other, and a browser signed in on the second sees it. Needs TEST_DATABASE_URL (CI
 * sets it); without it the test is skipped with a message.
 */
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import { after, before, test } from 'node:test'
import pg from 'pg'
import sharp from 'sharp'
import { registrationFields } from '../src/server/testing/memberForms'
import {
  apiToken,
  launchBrowser,
  openPage,
  type RunningServer,
  signIn,
  startServer,
} from './support'

const BASE_URL = process.env.TEST_DATABASE_URL
const SKIP = BASE_URL
  ? false
  : 'TEST_DATABASE_URL is not set: the scale-out test needs PostgreSQL (see STACK-NOTES / .ci/run)'

const dbName = `abal_scaleout_${crypto.randomBytes(4).toString('hex')}`
let dbUrl = ''
let first: RunningServer | undefined
let second: RunningServer | undefined

/** A database of its own, so this test neither sees nor disturbs the server suite's data. */
async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: BASE_URL })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

before(async () => {
  if (SKIP) return
  await admin((c) => c.query(`CREATE DATABASE ${dbName}`))
  const url = new URL(BASE_URL!)
  url.pathname = `/${dbName}`
  dbUrl = url.toString()
  const shared = { DATABASE_URL: dbUrl, JWT_SECRET: crypto.randomBytes(32).toString('hex') }
  // One after the other: the first creates the schema and the admin account.
  first = await startServer(shared)
  second = await startServer(shared)
})

after(async () => {
  await first?.stop()
  await second?.stop()
  if (!SKIP) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`))
})

test(
  'a member registered through one process is read, edited and seen through another',
  { skip: SKIP },
  async () => {
    assert.ok(first && second && first.port !== second.port)
    const headers = (token: string) => ({ authorization: `Bearer ${token}` })

    // Sign in on the first process; its token is good on the second (same JWT_SECRET).
    const token = await apiToken(first.url)
    const photo = await sharp({
      create: { width: 320, height: 400, channels: 3, background: { r: 25, g: 118, b: 210 } },
    })
      .jpeg()
      .toBuffer()
    const form = new FormData()
    for (const [key, value] of Object.entries(registrationFields({ first_name: 'Scaleout' }))) {
      form.append(key, value)
    }
    form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg')
    const created = await fetch(`${first.url}/api/members`, {
      method: 'POST',
      headers: headers(token),
      body: form,
    })
    const createdBody = await created.text()
    assert.equal(created.status, 201, createdBody)
    const member = JSON.parse(createdBody) as { id: number; photo_path: string }
    assert.match(member.photo_path, /^uploads\//)

    // Read it through the second process.
    const read = await fetch(`${second.url}/api/members/${member.id}`, { headers: headers(token) })
    assert.equal(read.status, 200)
    assert.equal(((await read.json()) as { first_name: string }).first_name, 'Scaleout')

    // The photo bytes live in the database, so the second process serves them too.
    const image = await fetch(`${second.url}/${member.photo_path}`)
    assert.equal(image.status, 200)
    assert.match(image.headers.get('content-type') ?? '', /^image\/jpeg/)
    assert.ok((await image.arrayBuffer()).byteLength > 100)

    // Edit through the second process (spec 7.4 multipart), then read back through the first.
    const edit = new FormData()
    edit.append('first_name', 'Scaleout-edited')
    const updated = await fetch(`${second.url}/api/members/${member.id}`, {
      method: 'PUT',
      headers: headers(token),
      body: edit,
    })
    assert.equal(updated.status, 200, await updated.clone().text())
    const back = await fetch(`${first.url}/api/members/${member.id}`, { headers: headers(token) })
    assert.equal(((await back.json()) as { first_name: string }).first_name, 'Scaleout-edited')

    // A person signed in on the second process sees the member and its photo in the list.
    const browser = await launchBrowser()
    try {
      const { context, page } = await openPage({ language: 'en' }, browser)
      await signIn(page, second.url)
      await page.getByRole('button', { name: /Members$/ }).click()
      await page.getByText('Scaleout-edited').first().waitFor()
      const photoLoaded = await page.waitForFunction(
        () =>
          [...document.images].some(
            (img) => img.src.includes('/uploads/') && img.complete && img.naturalWidth > 0,
          ),
        undefined,
        { timeout: 15_000 },
      )
      assert.ok(await photoLoaded.jsonValue())
      await context.close()
    } finally {
      await browser.close()
    }
  },
)
