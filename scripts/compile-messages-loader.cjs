// webpack loader: turns a locales/*.json catalogue of ICU message strings into parsed ASTs at
// build time, so the browser needs no ICU parser (the bundle aliases it to formatjs's
// no-parser build, ~15 KB gzipped less on every route). Tests keep the plain strings.
// Plain text with nothing ICU would read differently stays a string: react-intl returns such a
// message as it is without parsing, and strings are a third of the size of their AST.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack loads loaders as CommonJS
const { parse } = require('@formatjs/icu-messageformat-parser')

const NEEDS_PARSING = /[{}<>]|''/

module.exports = function compileMessages(source) {
  const messages = JSON.parse(source)
  const compiled = {}
  for (const [id, text] of Object.entries(messages)) {
    if (!NEEDS_PARSING.test(text)) {
      compiled[id] = text
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
