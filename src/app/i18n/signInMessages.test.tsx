// The entry chunk carries only the Amharic messages the sign-in route can show (decision 0217).
// These tests run the build's split (scripts/sign-in-messages.cjs through the webpack loader)
// and show the sign-in page and the signed-in app with what each would have.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import am from '../../../locales/am.json'
import en from '../../../locales/en.json'
import { fakeToken, installMockServer, type MockServer } from '../../testing/mockServer'
import { renderRoute } from '../../testing/renderWithProviders'
import amharicSignIn from './bundleAm'

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the webpack loader is CommonJS
const compileMessages = require('../../../scripts/compile-messages-loader.cjs') as (
  this: { resourcePath: string; resourceQuery: string; addDependency: (file: string) => void },
  source: string,
) => string

// A copy: the entry's messages object (the same, under jest) is cut down below.
const mockWholeAmharic: Record<string, string> = { ...am }

const part = (name: 'signIn' | 'rest'): Record<string, unknown> =>
  JSON.parse(
    compileMessages.call(
      {
        resourcePath: 'am.json',
        resourceQuery: `?part=${name}`,
        addDependency: () => {},
      },
      JSON.stringify(mockWholeAmharic),
    ),
  )

// The entry's Amharic as the build makes it: the sign-in part only. (Jest reads the whole
// catalogue for either part, and the test setup has loaded the entry's already: its messages
// are cut down in place here, and the rest comes from this file's copy.)
const SIGN_IN_KEYS = Object.keys(part('signIn'))
jest.mock('./bundleAmRest', () => ({
  __esModule: true,
  default: Object.fromEntries(
    Object.entries(mockWholeAmharic).filter(([key]) => !SIGN_IN_KEYS.includes(key)),
  ),
}))
const entryMessages = amharicSignIn.messages as Record<string, unknown>
beforeAll(() => {
  for (const key of Object.keys(entryMessages)) {
    if (!SIGN_IN_KEYS.includes(key)) delete entryMessages[key]
  }
})
afterAll(() => Object.assign(entryMessages, mockWholeAmharic))

let server: MockServer
let errors: jest.SpyInstance
beforeEach(() => {
  server = installMockServer()
  errors = jest.spyOn(console, 'error')
})
afterEach(() => {
  server.restore()
  errors.mockRestore()
})
const missingMessages = () =>
  errors.mock.calls
    .map((call) => String(call[0]))
    .filter((text) => /MISSING_TRANSLATION|Missing message/.test(text))

describe('the sign-in part of the messages', () => {
  it('and the rest split the catalogue in two, with no key in both', () => {
    const signIn = part('signIn')
    const rest = part('rest')
    expect(Object.keys(rest).filter((key) => key in signIn)).toEqual([])
    expect([...Object.keys(signIn), ...Object.keys(rest)].sort()).toEqual(Object.keys(en).sort())
  })

  it('leaves the signed-in screens out', () => {
    expect(SIGN_IN_KEYS).toEqual(expect.arrayContaining(['loginButton', 'loginInvalid']))
    for (const key of ['searchMembers', 'historyEmpty', 'skipToContent']) {
      expect(SIGN_IN_KEYS).not.toContain(key)
    }
    expect(SIGN_IN_KEYS.length).toBeLessThan(Object.keys(en).length / 2)
  })

  it('is enough for the sign-in page in Amharic, and the signed-in app gets the rest', async () => {
    server.on('POST', '/api/login', { status: 401, json: { success: false } })
    const { router } = renderRoute('/login', { language: 'am' })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: mockWholeAmharic.loginButton }))
    expect(await screen.findByText(mockWholeAmharic.usernameRequired)).toBeInTheDocument()
    await user.type(screen.getByLabelText(mockWholeAmharic.usernameLabel), 'abebe')
    await user.type(screen.getByLabelText(mockWholeAmharic.passwordLabel), 'wrong-pass')
    await user.click(screen.getByRole('button', { name: mockWholeAmharic.loginButton }))
    expect(await screen.findByRole('alert')).toHaveTextContent(mockWholeAmharic.loginInvalid)
    expect(missingMessages()).toEqual([])

    const signedIn = { id: 3, username: 'abebe' }
    server.on('POST', '/api/login', {
      json: { success: true, token: fakeToken(signedIn), user: signedIn },
    })
    await user.click(screen.getByRole('button', { name: mockWholeAmharic.loginButton }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration'))
    expect(
      await screen.findByText(mockWholeAmharic.skipToContent, {}, { timeout: 10_000 }),
    ).toBeInTheDocument()
    expect(missingMessages()).toEqual([])
  }, 20_000)
})
