import { MAX_USERNAME_LENGTH, normaliseUsername, usernameProblem } from './usernames'

describe('usernames', () => {
  it('accepts letters and digits of any script and . _ -', () => {
    for (const name of ['hanna', 'tigist.abera', 'board_2', 'ሐና', 'Émile-1']) {
      expect(usernameProblem(name)).toBeNull()
    }
  })

  it('names what is wrong', () => {
    expect(usernameProblem('   ')).toBe('usernameEmpty')
    expect(usernameProblem('a'.repeat(MAX_USERNAME_LENGTH + 1))).toBe('usernameTooLong')
    expect(usernameProblem('a b')).toBe('invalidUsername')
    expect(usernameProblem('x@y')).toBe('invalidUsername')
  })

  it('trims and NFC-normalises', () => {
    expect(normaliseUsername('  E\u0301mile ')).toBe('\u00c9mile')
  })
})
