// webpack loader for the app's own modules: for each antd component a module imports, adds an
// import of that component's static CSS (scripts/antd-css-loader.cjs), so the CSS travels in the
// same chunk as the code that renders the component. Appended, so line numbers stay as written:
// imports are hoisted, and the `antd` layer makes their order in the stylesheet irrelevant.
/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads loaders as CommonJS */
if (!require.extensions['.ts']) require('esbuild-register/dist/node').register({})
const path = require('node:path')
const { antdComponentsImported, withInnerComponents } = require('./antdStaticCss.ts')

const STYLESHEET = path.resolve(__dirname, '../src/app/antd.static.css')

module.exports = function antdImports(source) {
  this.cacheable(true)
  const components = withInnerComponents(antdComponentsImported(source))
  if (components.length === 0) return source
  const imports = components.map((name) => `import ${JSON.stringify(`${STYLESHEET}?${name}`)};`)
  return `${source}\n${imports.join('\n')}\n`
}
