import {
  TEMPORARY_PASSWORD_ALPHABET,
  TEMPORARY_PASSWORD_LENGTH,
  temporaryPassword,
} from './temporaryPassword'

describe('one-time passwords', () => {
  it('never use a letter that reads as another (I l 1 O 0)', () => {
    for (const char of 'Il1O0') expect(TEMPORARY_PASSWORD_ALPHABET).not.toContain(char)
    const drawn = Array.from({ length: 400 }, temporaryPassword).join('')
    expect(drawn).not.toMatch(/[Il1O0]/)
    expect(drawn).toMatch(new RegExp(`^[${TEMPORARY_PASSWORD_ALPHABET}]+$`))
  })

  it('hold at least 72 bits and differ each time', () => {
    expect(
      TEMPORARY_PASSWORD_LENGTH * Math.log2(TEMPORARY_PASSWORD_ALPHABET.length),
    ).toBeGreaterThan(72)
    const passwords = new Set(Array.from({ length: 200 }, temporaryPassword))
    expect(passwords.size).toBe(200)
    for (const password of passwords) expect(password).toHaveLength(TEMPORARY_PASSWORD_LENGTH)
  })
})
