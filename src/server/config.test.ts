import { loadConfig, parseTrustProxy } from './config'

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    [' 10.0.0.0/8, 192.168.1.0/24 ,::1', ['10.0.0.0/8', '192.168.1.0/24', '::1']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
    ['172.16.0.0/255.240.0.0', ['172.16.0.0/255.240.0.0']],
  ])('reads %j as %j', (text, expected) => {
    expect(parseTrustProxy(text)).toEqual(expected)
    expect(loadConfig({ TRUST_PROXY: text }).trustProxy).toEqual(expected)
  })

  it.each([
    'true',
    'TRUE',
    '*',
    'all',
    '0.0.0.0/0',
    '::/0',
    'yes',
    '10.0.0.0/33',
    'proxy.local',
    '-1',
    '1.5',
  ])('refuses %j instead of trusting every address or guessing', (text) => {
    expect(() => parseTrustProxy(text)).toThrow(/TRUST_PROXY/)
  })
})

describe('CHURCH_NAME', () => {
  it('is trimmed, cut to its limit, and absent when blank', () => {
    expect(loadConfig({ CHURCH_NAME: '  ደብረ ሰላም መድኃኔዓለም  ' }).churchName).toBe('ደብረ ሰላም መድኃኔዓለም')
    expect(loadConfig({ CHURCH_NAME: 'x'.repeat(500) }).churchName).toHaveLength(120)
    expect(loadConfig({ CHURCH_NAME: '   ' }).churchName).toBeUndefined()
    expect(loadConfig({}).churchName).toBeUndefined()
  })
})
