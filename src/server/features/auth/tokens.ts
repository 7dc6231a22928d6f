import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { SignJWT } from 'jose'

export const TOKEN_LIFETIME = '12h'
export const TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000
/** HS256 needs a key at least as long as its output (RFC 7518 §3.2). */
export const MIN_SECRET_BYTES = 32

export interface TokenClaims {
  id: number
  username: string
  /** The session row (features/auth/repository.ts) the token belongs to. */
  sessionId: string
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>
  /** The claims of a valid, unexpired HS256 token, or null for anything else. */
  verify(token: string): Promise<TokenClaims | null>
}

export function createTokenService(secret: string): TokenService {
  assertStrongSecret(secret)
  const key = crypto.createSecretKey(Buffer.from(secret, 'utf8'))
  return {
    sign: (claims) =>
      new SignJWT({ id: claims.id, username: claims.username })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.id))
        .setJti(claims.sessionId)
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(key),
    verify: async (token) => {
      const payload = verifyHs256(token, key)
      if (
        !payload ||
        typeof payload.id !== 'number' ||
        typeof payload.username !== 'string' ||
        typeof payload.jti !== 'string' ||
        payload.jti.length > 64
      ) {
        return null
      }
      return { id: payload.id, username: payload.username, sessionId: payload.jti }
    },
  }
}

function decodeJsonObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

/**
 * The claims of a compact HS256 JWS signed with `key` and not expired, else null. Checked on
 * every request, synchronously with node:crypto: jose's WebCrypto check cost several times
 * more and waited on the thread pool. The rules are jose's, made stricter: the header must name
 * HS256 and carry no `crit`; the signature must be the one canonical encoding of the right MAC
 * (compared in constant time); `exp` is required; `nbf` and `iat`, when present, are numbers
 * and `nbf` is not in the future.
 */
function verifyHs256(token: string, key: crypto.KeyObject): Record<string, unknown> | null {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  const [headerPart, payloadPart, signaturePart] = parts
  const expected = Buffer.from(
    crypto.createHmac('sha256', key).update(`${headerPart}.${payloadPart}`).digest('base64url'),
  )
  const given = Buffer.from(signaturePart)
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null
  const header = decodeJsonObject(headerPart)
  if (!header || header.alg !== 'HS256' || 'crit' in header) return null
  const claims = decodeJsonObject(payloadPart)
  if (!claims) return null
  const now = Math.floor(Date.now() / 1000)
  if (typeof claims.exp !== 'number' || claims.exp <= now) return null
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > now)) return null
  if (claims.iat !== undefined && typeof claims.iat !== 'number') return null
  return claims
}

/** Refuses a key short enough to guess: `JWT_SECRET=a` once started and signed with "a". */
export function assertStrongSecret(secret: string): void {
  if (Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES) {
    throw new Error(
      `JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes long (for example: ` +
        `openssl rand -hex 32), or unset so that one is generated in DATA_DIR.`,
    )
  }
}

/** JWT_SECRET if set (at least 32 bytes); else a secret generated once and kept in DATA_DIR. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured !== undefined) {
    assertStrongSecret(configured)
    return configured
  }
  const file = path.join(dataDir, 'jwt-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(dataDir, { recursive: true })
    const secret = crypto.randomBytes(48).toString('base64url')
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
    return fs.readFileSync(file, 'utf8').trim()
  }
}
