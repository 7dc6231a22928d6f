// webpack loader for src/app/themeTokens.light.ts and .dark.ts: answers each with antd's tokens
// of that theme, worked out at build time (scripts/themeTokens.ts), so that ConfigProvider's
// first render does not work them out on the visitor's CPU (src/app/themeTokens.ts).
/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads loaders as CommonJS */
if (!require.extensions['.ts']) require('esbuild-register/dist/node').register({})
const path = require('node:path')
const { precomputedMapToken } = require('./themeTokens.ts')

module.exports = function themeTokens() {
  this.cacheable(true)
  this.addDependency(path.resolve(__dirname, '../src/app/theme.ts'))
  this.addDependency(path.resolve(__dirname, 'themeTokens.ts'))
  const mode = /themeTokens\.dark\.ts$/.test(this.resourcePath) ? 'dark' : 'light'
  // As a JSON string: V8 parses JSON.parse('…') of this size faster than the same object literal.
  const json = JSON.stringify(precomputedMapToken(mode))
  return `export default JSON.parse(${JSON.stringify(json)})\n`
}
