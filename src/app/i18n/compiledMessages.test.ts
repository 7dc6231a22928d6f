import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { createIntl } from 'react-intl'
import { IntlMessageFormat } from 'intl-messageformat'
import am from '../../../locales/am.json'
import en from '../../../locales/en.json'
import om from '../../../locales/om.json'
import type { Messages } from './messages'

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the webpack loader is CommonJS
const compileMessages = require('../../../scripts/compile-messages-loader.cjs') as (
  this: { resourcePath: string },
  source: string,
) => string

const compile = (catalogue: Record<string, string>): Messages =>
  JSON.parse(compileMessages.call({ resourcePath: 'test.json' }, JSON.stringify(catalogue)))

describe('compile-messages-loader', () => {
  // The built client has no ICU parser (webpack aliases it away): a message that reached
  // IntlMessageFormat as a string would throw there and be caught, on every call.
  let parse: typeof IntlMessageFormat.__parse
  beforeAll(() => {
    parse = IntlMessageFormat.__parse
    IntlMessageFormat.__parse = undefined
  })
  afterAll(() => {
    IntlMessageFormat.__parse = parse
  })

  it.each([
    ['en', en],
    ['am', am],
    ['om', om],
  ])('gives every %s message as an AST, so none needs the parser', (_, catalogue) => {
    const compiled = compile(catalogue)
    expect(Object.keys(compiled)).toEqual(Object.keys(catalogue))
    const strings = Object.entries(compiled).filter(([, message]) => typeof message === 'string')
    expect(strings).toEqual(
      strings.filter(([id]) => catalogue[id as keyof typeof catalogue] === ''),
    )
  })

  it('formats plain text without the parser and without an error', () => {
    const onError = jest.fn()
    const intl = createIntl({
      locale: 'am-ET',
      messages: compile(am) as Record<string, MessageFormatElement[]>,
      onError,
    })
    const plain = Object.entries(am).filter(([, text]) => text && !/[{}<>]|''/.test(text))
    expect(plain.length).toBeGreaterThan(100)
    for (const [id, text] of plain) expect(intl.formatMessage({ id })).toBe(text)
    expect(intl.formatMessage({ id: 'viewMemberNamed' }, { name: 'ሀና' })).toContain('ሀና')
    expect(onError).not.toHaveBeenCalled()
  })

  it('keeps an empty text empty, so the English one stands in for it', () => {
    expect(compile({ a: '', b: 'B' })).toEqual({ a: '', b: [{ type: 0, value: 'B' }] })
  })
})
