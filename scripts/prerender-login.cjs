// Renders the sign-in screen to HTML at build time, once per language and theme, for index.html
// (src/app/prerender/renderLogin.tsx). webpack.config.ts runs it in a child process so that none
// of this touches the bundler's own process. Prints {"am-light": "<div …>", …} on stdout.
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS hooks before the app loads */
const Module = require('node:module')

// The app's TypeScript; its import() of a language chunk becomes a require, as in the bundle.
require('esbuild-register/dist/node').register({ supported: { 'dynamic-import': false } })

// What the browser build gives these modules: CSS files belong to the bundler; antd's ES-module
// locales are the same code as its CommonJS ones; a browser with cascade layers takes antd's
// styles from the build (src/app/staticAntdStyles.ts); storage starts empty (a first visit).
Module._extensions['.css'] = () => undefined
const resolveFilename = Module._resolveFilename
Module._resolveFilename = (request, ...rest) =>
  resolveFilename(
    typeof request === 'string'
      ? request.replace(/^antd\/es\//, 'antd/lib/').replace(/\.css\?\w+$/, '.css')
      : request,
    ...rest,
  )
globalThis.CSSLayerBlockRule = class CSSLayerBlockRule {}
class MemoryStorage {
  #items = new Map()
  getItem(key) {
    return this.#items.get(key) ?? null
  }
  setItem(key, value) {
    this.#items.set(key, String(value))
  }
  removeItem(key) {
    this.#items.delete(key)
  }
}
globalThis.localStorage = new MemoryStorage()
globalThis.sessionStorage = new MemoryStorage()

require('../src/app/prerender/renderLogin.tsx')
  .renderLoginVariants()
  .then((variants) => process.stdout.write(JSON.stringify(variants)))
  .catch((error) => {
    console.error(error)
    process.exit(1)
  })
