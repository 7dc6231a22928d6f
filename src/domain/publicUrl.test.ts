import { checkPublicUrl, MAX_PUBLIC_URL } from './publicUrl'

describe("the church's public address", () => {
  it.each([
    ['', ''],
    ['   ', ''],
    ['https://abal.stmary.org', 'https://abal.stmary.org'],
    [' https://abal.stmary.org/ ', 'https://abal.stmary.org'],
    ['HTTPS://Abal.StMary.org:443', 'https://abal.stmary.org'],
    ['http://192.168.1.20:8080/', 'http://192.168.1.20:8080'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
  ])('keeps %j as %j', (typed, origin) => {
    expect(checkPublicUrl(typed)).toEqual({ origin })
  })

  it.each([
    'abal.stmary.org',
    'ftp://abal.stmary.org',
    'javascript:alert(1)',
    'https://abal.stmary.org/verify',
    'https://abal.stmary.org//',
    'https://abal.stmary.org?x=1',
    'https://abal.stmary.org?',
    'https://abal.stmary.org#top',
    'https://clerk:secret@abal.stmary.org',
    'https://abal.stmary.org:99999',
    'https://abal stmary.org',
    'https:\\\\abal.stmary.org',
    'https://',
  ])('refuses %j', (typed) => {
    expect(checkPublicUrl(typed)).toEqual({ error: 'invalidValue' })
  })

  it('refuses an address over 200 characters', () => {
    const at = (length: number) => `https://${'a'.repeat(length - 'https://.org'.length)}.org`
    expect(checkPublicUrl(at(MAX_PUBLIC_URL))).toEqual({ origin: at(MAX_PUBLIC_URL) })
    expect(checkPublicUrl(`${at(MAX_PUBLIC_URL)}/`)).toEqual({ origin: at(MAX_PUBLIC_URL) })
    expect(checkPublicUrl(at(MAX_PUBLIC_URL + 1))).toEqual({ error: 'tooLong' })
  })
})
