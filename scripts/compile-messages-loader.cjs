// webpack loader: parses a locales/*.json catalogue of ICU messages into formatjs's AST at build
// time, as formatjs documents (`formatjs compile --ast`), so the bundle takes the no-parser build.
// A message that is not valid ICU fails the build. Tests keep the plain strings.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack loads loaders as CommonJS
const { parse } = require('@formatjs/icu-messageformat-parser')

module.exports = function compileMessages(source) {
  const compiled = {}
  for (const [id, text] of Object.entries(JSON.parse(source))) {
    try {
      // An empty text stays empty, for the English fallback (src/app/i18n/messages.ts).
      compiled[id] = text === '' ? text : parse(text)
    } catch (error) {
      throw new Error(`${this.resourcePath}: message "${id}" is not valid ICU: ${error.message}`, {
        cause: error,
      })
    }
  }
  return JSON.stringify(compiled)
}
