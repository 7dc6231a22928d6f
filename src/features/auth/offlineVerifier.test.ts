import 'fake-indexeddb/auto'
import { webcrypto } from 'node:crypto'
import {
  checkOffline,
  forgetPassword,
  MAX_OFFLINE_FAILURES,
  offlineWaitMs,
  readVerifier,
  rememberPassword,
} from './offlineVerifier'
import { closeDeviceDatabasesForTests } from '../../shared/deviceDatabase'
import { emptyDevice } from '../../testing/device'

// Few rounds: the tests check the logic, not the work factor (docs/decisions/0155).
const ROUNDS = 1000
const account = { id: 7, username: 'Abebe', role: 'clerk' as const }

// jsdom has no SubtleCrypto: Node's WebCrypto is the same standard API.
beforeAll(() => {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true })
})

beforeEach(async () => {
  await emptyDevice()
})

describe('the offline verifier', () => {
  it('keeps a salted hash, never the password', async () => {
    await rememberPassword(account, 'selam-2019', ROUNDS)
    const stored = await readVerifier('abebe')
    expect(stored).toBeDefined()
    expect(stored?.salt).toHaveLength(16)
    expect(stored?.hash).toHaveLength(32)
    expect(JSON.stringify(stored)).not.toContain('selam-2019')
    const bytes = Array.from(stored?.hash ?? [])
    expect(bytes).not.toEqual(Array.from(new TextEncoder().encode('selam-2019')))
  })

  it('uses a new random salt for each verifier', async () => {
    await rememberPassword(account, 'same', ROUNDS)
    const first = await readVerifier('Abebe')
    await rememberPassword(account, 'same', ROUNDS)
    const second = await readVerifier('Abebe')
    expect(Array.from(first?.salt ?? [])).not.toEqual(Array.from(second?.salt ?? []))
    expect(Array.from(first?.hash ?? [])).not.toEqual(Array.from(second?.hash ?? []))
  })

  it('lets the right password in, for the account kept, whatever the username case', async () => {
    await rememberPassword(account, 'selam-2019', ROUNDS)
    expect(await checkOffline(' ABEBE ', 'selam-2019')).toEqual({ kind: 'ok', account })
  })

  it('refuses another account, and a wrong password', async () => {
    await rememberPassword(account, 'selam-2019', ROUNDS)
    expect(await checkOffline('almaz', 'selam-2019')).toEqual({ kind: 'noVerifier' })
    expect(await checkOffline('abebe', 'Selam-2019')).toEqual({ kind: 'wrongPassword' })
  })

  it('makes each wrong password wait longer, stored so that a reload keeps it', async () => {
    await rememberPassword(account, 'selam-2019', ROUNDS)
    let now = 1_000_000
    expect(await checkOffline('abebe', 'x', now)).toEqual({ kind: 'wrongPassword' })
    // Even the right password waits until the time is up.
    expect(await checkOffline('abebe', 'selam-2019', now + 500)).toEqual({
      kind: 'wait',
      seconds: 1,
    })
    now += offlineWaitMs(1)
    expect(await checkOffline('abebe', 'y', now)).toEqual({ kind: 'wrongPassword' })
    // A fresh connection to the database (a reload) still knows the wait.
    await closeDeviceDatabasesForTests()
    expect(await checkOffline('abebe', 'selam-2019', now + 1000)).toEqual({
      kind: 'wait',
      seconds: 1,
    })
    expect((await readVerifier('abebe'))?.failures).toBe(2)
    now += offlineWaitMs(2)
    expect(await checkOffline('abebe', 'selam-2019', now)).toMatchObject({ kind: 'ok' })
    expect((await readVerifier('abebe'))?.failures).toBe(0)
  })

  it('grows the wait to at most five minutes', () => {
    expect([1, 2, 3, 4].map(offlineWaitMs)).toEqual([1000, 2000, 4000, 8000])
    expect(offlineWaitMs(20)).toBe(300_000)
  })

  it('deletes the verifier after too many wrong passwords', async () => {
    await rememberPassword(account, 'selam-2019', ROUNDS)
    let now = 0
    for (let i = 1; i <= MAX_OFFLINE_FAILURES; i += 1) {
      expect(await checkOffline('abebe', 'wrong', now)).toEqual({ kind: 'wrongPassword' })
      now += offlineWaitMs(i)
    }
    expect(await checkOffline('abebe', 'selam-2019', now)).toEqual({ kind: 'noVerifier' })
  })

  it('forgets an account on request', async () => {
    await rememberPassword(account, 'selam-2019', ROUNDS)
    await forgetPassword('ABEBE')
    expect(await readVerifier('abebe')).toBeUndefined()
  })
})
