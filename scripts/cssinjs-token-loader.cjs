// webpack loader for @ant-design/cssinjs's useCacheToken: before working out a theme's tokens, it
// asks src/app/themeTokens.ts for the ones the build worked out for the same cache key
// (builtTokenCache), and keeps computing them itself when there are none. The side effect of the
// computation (counting the theme's users for style cleanup) and the class name stay as they
// were. Fails the build if the library's code changes shape.
/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads loaders as CommonJS */
const path = require('node:path')

const THEME_TOKENS = path.resolve(__dirname, '../src/app/themeTokens.ts')
const CACHE_CALL =
  'const cachedToken = useGlobalCache(TOKEN_PREFIX, [salt, theme.id, tokenStr, overrideTokenStr, cssVarStr], () => {\n'
const HASH_CLS =
  /const mergedSalt = `\$\{salt\}_\$\{cssVar\.prefix\}`;\n\s*const hashId = hash\(mergedSalt\);\n\s*const hashCls = `\$\{hashPrefix\}-\$\{hashId\}`;\n/
const RESULT = 'return [tokenWithCssVar, hashCls, actualToken, cssVarsStr, cssVar.key];'

/** @param {string} source */
function useBuiltTokens(source) {
  if (!source.includes(CACHE_CALL) || !HASH_CLS.test(source) || !source.includes(RESULT)) {
    throw new Error(
      "cssinjs-token-loader: @ant-design/cssinjs's useCacheToken was not found as expected; review this loader against the new version",
    )
  }
  const ask = [
    `    const built = builtTokenCache(theme, [salt, tokenStr, overrideTokenStr, cssVarStr].join('%'));`,
    '    if (built) {',
    '      recordCleanToken(cssVar.key);',
    '      return [built[0], `${hashPrefix}-${hash(`${salt}_${cssVar.prefix}`)}`, built[1], built[2], cssVar.key];',
    '    }',
    '',
  ].join('\n')
  return (
    `import { builtTokenCache } from ${JSON.stringify(THEME_TOKENS)};\n` +
    source.replace(CACHE_CALL, CACHE_CALL + ask)
  )
}

module.exports = function cssinjsToken(source) {
  this.cacheable(true)
  return useBuiltTokens(source)
}
module.exports.useBuiltTokens = useBuiltTokens
