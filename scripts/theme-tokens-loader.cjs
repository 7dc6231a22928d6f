// webpack loader for src/app/themeTokens.light.ts and .dark.ts: answers each with antd's map token
// of that theme, derived at build time (scripts/themeTokens.ts), so that ConfigProvider's first
// render does not derive it on the visitor's CPU (src/app/themeTokens.ts).
/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads loaders as CommonJS */
if (!require.extensions['.ts']) require('esbuild-register/dist/node').register({})
const path = require('node:path')
const { precomputedMapToken } = require('./themeTokens.ts')

module.exports = function themeTokens() {
  this.cacheable(true)
  this.addDependency(path.resolve(__dirname, '../src/app/theme.ts'))
  const mode = /themeTokens\.dark\.ts$/.test(this.resourcePath) ? 'dark' : 'light'
  return `export default ${JSON.stringify(precomputedMapToken(mode))}\n`
}
