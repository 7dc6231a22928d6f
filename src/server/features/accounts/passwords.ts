import { hash, verify } from '@node-rs/argon2'

// 2 is Algorithm.Argon2id: a const enum, which isolated-module builds cannot import.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 }

export { MIN_PASSWORD_LENGTH } from '../../../domain'

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

// A real hash of a random string: verifying against it costs what a real check costs, so the
// response time does not reveal whether a username exists.
let decoy: Promise<string> | undefined

export async function verifyPassword(passwordHash: string | undefined, password: string) {
  if (!passwordHash) {
    decoy ??= hashPassword(`decoy-${Math.random()}`)
    await verify(await decoy, password).catch(() => false)
    return false
  }
  return verify(passwordHash, password).catch(() => false)
}
