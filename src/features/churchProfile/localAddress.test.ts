import { isLocalAddress } from './localAddress'

describe("an address members' phones cannot reach", () => {
  it.each([
    'localhost',
    'abal.localhost',
    'office-pc',
    'abal.local',
    'abal.lan',
    'abal.home.arpa',
    '127.0.0.1',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.20',
    '169.254.10.10',
    '100.101.102.103',
    '0.0.0.0',
    '[::1]',
    '[fd12:3456::1]',
    '[fe80::1]',
  ])('%s is local', (host) => {
    expect(isLocalAddress(host)).toBe(true)
  })

  it.each([
    'abal.stmary.org',
    'stmary.org.',
    '196.188.10.20',
    '172.32.0.1',
    '192.169.1.1',
    '100.128.0.1',
    '[2001:db8::1]',
  ])('%s is not', (host) => {
    expect(isLocalAddress(host)).toBe(false)
  })
})
