import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import crypto from 'node:crypto'
import { createTokenService, resolveJwtSecret } from './tokens'

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256-0123456789'
const service = createTokenService(SECRET)
const nowSeconds = () => Math.floor(Date.now() / 1000)
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A compact JWS with any header and payload, signed HS256 with the service's secret. */
function signed(header: unknown, payload: unknown, secret = SECRET): string {
  const input = `${part(header)}.${part(payload)}`
  const mac = crypto.createHmac('sha256', secret).update(input).digest('base64url')
  return `${input}.${mac}`
}

const claims = (extra: Record<string, unknown> = {}) => ({
  id: 7,
  username: 'tigist',
  jti: 'session-1',
  exp: nowSeconds() + 600,
  ...extra,
})
const HS256 = { alg: 'HS256', typ: 'JWT' }

describe('token verification', () => {
  it('accepts the tokens it signs, and a well-formed token of its own secret', async () => {
    const token = await service.sign({ id: 7, username: 'tigist', sessionId: 'session-1' })
    expect(await service.verify(token)).toEqual({
      id: 7,
      username: 'tigist',
      sessionId: 'session-1',
    })
    expect(await service.verify(signed(HS256, claims({ iat: nowSeconds() })))).toEqual({
      id: 7,
      username: 'tigist',
      sessionId: 'session-1',
    })
    expect(await service.verify(signed({ alg: 'HS256' }, claims()))).not.toBeNull()
  })

  it.each([
    ['another secret', () => signed(HS256, claims(), `${SECRET}x`)],
    ['no exp', () => signed(HS256, { id: 7, username: 'tigist' })],
    [
      'an exp that is not a number',
      () => signed(HS256, claims({ exp: String(nowSeconds() + 60) })),
    ],
    ['an exp of now', () => signed(HS256, claims({ exp: nowSeconds() }))],
    ['an nbf in the future', () => signed(HS256, claims({ nbf: nowSeconds() + 60 }))],
    ['an nbf that is not a number', () => signed(HS256, claims({ nbf: 'now' }))],
    ['an iat that is not a number', () => signed(HS256, claims({ iat: 'today' }))],
    ['alg none, even with a valid MAC', () => signed({ alg: 'none' }, claims())],
    ['alg HS512 over an HS256 MAC', () => signed({ alg: 'HS512' }, claims())],
    ['no alg', () => signed({ typ: 'JWT' }, claims())],
    ['a crit header', () => signed({ ...HS256, crit: ['b64'], b64: false }, claims())],
    ['a header that is not an object', () => signed(['HS256'], claims())],
    ['a payload that is an array', () => signed(HS256, [claims()])],
    ['an id that is text', () => signed(HS256, claims({ id: '7' }))],
    ['no username', () => signed(HS256, { id: 7, jti: 's', exp: nowSeconds() + 60 })],
    ['no session id (jti)', () => signed(HS256, claims({ jti: undefined }))],
    ['a session id that is not text', () => signed(HS256, claims({ jti: 12 }))],
  ])('refuses %s', async (_case, make) => {
    expect(await service.verify(make())).toBeNull()
  })

  it.each([
    ['an empty string', () => ''],
    ['two parts', () => signed(HS256, claims()).split('.').slice(0, 2).join('.')],
    ['four parts', () => `${signed(HS256, claims())}.x`],
    ['no signature', () => `${signed(HS256, claims()).split('.').slice(0, 2).join('.')}.`],
    ['a character added to the signature', () => `${signed(HS256, claims())}A`],
    ['the signature padded with =', () => `${signed(HS256, claims())}=`],
    ['a character changed in the signature', () => flipLast(signed(HS256, claims()))],
    ['non-ASCII in the signature', () => `${signed(HS256, claims()).slice(0, -1)}☃`],
    ['a payload not in base64url', () => signed(HS256, claims()).replace('.', '.!')],
  ])('refuses %s', async (_case, make) => {
    expect(await service.verify(make())).toBeNull()
  })
})

function flipLast(token: string): string {
  const last = token[token.length - 1]
  return token.slice(0, -1) + (last === 'A' ? 'B' : 'A')
}

describe('the signing secret', () => {
  it.each([['a'], [''], ['x'.repeat(31)], ['é'.repeat(15)]])(
    'refuses a JWT_SECRET shorter than 32 bytes (%j)',
    (secret) => {
      expect(() => resolveJwtSecret(secret, '/nonexistent')).toThrow(/at least 32 bytes/)
      expect(() => createTokenService(secret)).toThrow(/at least 32 bytes/)
    },
  )

  it('accepts a JWT_SECRET of 32 bytes, and generates one into DATA_DIR when unset', () => {
    expect(resolveJwtSecret('x'.repeat(32), '/nonexistent')).toBe('x'.repeat(32))
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abal-secret-'))
    try {
      const generated = resolveJwtSecret(undefined, dir)
      expect(Buffer.byteLength(generated)).toBeGreaterThanOrEqual(32)
      expect(resolveJwtSecret(undefined, dir)).toBe(generated)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
