// webpack loader: turns a locales/*.json catalogue of ICU message strings into parsed ASTs at
// build time, so the browser needs no ICU parser (the bundle aliases it to formatjs's
// no-parser build, ~15 KB gzipped less on every route). Tests keep the plain strings.
// Plain text with nothing ICU would read differently becomes a one-literal AST rather than a
// string, written out here without the parser: react-intl returns such a message at once, while a
// string goes to IntlMessageFormat, which, without a parser, throws (an Error with its stack)
// and is caught and the string returned, on every call: about a fifth of the script time of
// scrolling the member list, in a CPU profile.
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
