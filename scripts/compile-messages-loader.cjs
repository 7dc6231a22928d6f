// webpack loader: locales/*.json ICU strings become parsed ASTs at build time, so the browser
// gets formatjs's no-parser build (docs/decisions/0053). Plain text becomes a one-literal AST:
// a string would reach IntlMessageFormat, which without a parser throws and catches every call.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack loads loaders as CommonJS
const { parse } = require('@formatjs/icu-messageformat-parser')

const NEEDS_PARSING = /[{}<>]|''/

module.exports = function compileMessages(source) {
  const messages = JSON.parse(source)
  const compiled = {}
  for (const [id, text] of Object.entries(messages)) {
    if (!NEEDS_PARSING.test(text)) {
      // An empty text stays empty, for the English fallback (src/app/i18n/messages.ts).
      compiled[id] = text === '' ? text : [{ type: 0, value: text }]
      continue
    }
    try {
      compiled[id] = parse(text)
    } catch (error) {
      throw new Error(`${this.resourcePath}: message "${id}" is not valid ICU: ${error.message}`, {
        cause: error,
      })
    }
  }
  return JSON.stringify(compiled)
}
