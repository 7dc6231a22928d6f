// webpack loader: parses a locales/*.json catalogue of ICU messages into formatjs's AST at build
// time, as formatjs documents (`formatjs compile --ast`), so the bundle takes the no-parser build.
// A message that is not valid ICU fails the build. Tests keep the plain strings.
// `?part=signIn` keeps only the messages the sign-in route can show, `?part=rest` the others
// (scripts/sign-in-messages.cjs, docs/decisions/0217).
/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads loaders as CommonJS */
const fs = require('node:fs')
const path = require('node:path')
const { parse } = require('@formatjs/icu-messageformat-parser')
const { signInMessages } = require('./sign-in-messages.cjs')
/* eslint-enable @typescript-eslint/no-require-imports */

/** The catalogue's entries, or the part of them the resource query asks for. */
function entriesOf(loader, catalogue) {
  const part = new URLSearchParams((loader.resourceQuery ?? '').slice(1)).get('part')
  if (!part) return Object.entries(catalogue)
  if (part !== 'signIn' && part !== 'rest') throw new Error(`Unknown messages part "${part}"`)
  const root = path.resolve(__dirname, '..')
  // The keys of the catalogue English defines: every catalogue has the same (locales.test.ts).
  const english = JSON.parse(fs.readFileSync(path.join(root, 'locales/en.json'), 'utf8'))
  const { keys, files } = signInMessages(root, Object.keys(english))
  // Rebuilt when a file of the sign-in route changes what it names.
  for (const file of files) loader.addDependency(file)
  return Object.entries(catalogue).filter(([id]) => keys.has(id) === (part === 'signIn'))
}

module.exports = function compileMessages(source) {
  const compiled = {}
  for (const [id, text] of entriesOf(this, JSON.parse(source))) {
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
