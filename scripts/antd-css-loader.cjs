// webpack loader for src/app/antd.static.css: answers `antd.static.css?Button` with Button's CSS
// and the bare file with the base every component shares (scripts/antdStaticCss.ts says why).
// The CSS sits in the `antd` cascade layer: the app's own stylesheets, unlayered, win over it
// whatever order the route chunks load in, as they did when antd prepended its <style> tags.
/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads loaders as CommonJS */
if (!require.extensions['.ts']) require('esbuild-register/dist/node').register({})
const path = require('node:path')
const { baseCss, componentCss } = require('./antdStaticCss.ts')

module.exports = function antdCss() {
  this.cacheable(true)
  // The theme the CSS is generated from.
  this.addDependency(path.resolve(__dirname, '../src/app/theme.ts'))
  const component = this.resourceQuery.replace(/^\?/, '')
  const css = component ? componentCss(component) : baseCss()
  return `@layer antd{${css}}`
}
