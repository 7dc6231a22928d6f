import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { jwtVerify, SignJWT } from 'jose'

export const TOKEN_LIFETIME = '12h'

export interface TokenClaims {
  id: number
  username: string
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>
  /** The claims of a valid, unexpired HS256 token, or null for anything else. */
  verify(token: string): Promise<TokenClaims | null>
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret)
  return {
    sign: (claims) =>
      new SignJWT({ id: claims.id, username: claims.username })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.id))
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] })
        if (typeof payload.id !== 'number' || typeof payload.username !== 'string') return null
        return { id: payload.id, username: payload.username }
      } catch {
        return null
      }
    },
  }
}

/** JWT_SECRET if set; else a secret generated once and kept in DATA_DIR. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured
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
