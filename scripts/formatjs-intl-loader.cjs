// webpack loader for @formatjs/intl in the production build. Its createIntl() checks, on every
// IntlProvider render with a new config, that the locale has Intl data
// (Intl.NumberFormat/DateTimeFormat.supportedLocalesOf), only to hand a MissingDataError to
// onError — whose default prints in development and does nothing in production. In Chromium the
// first supportedLocalesOf call builds V8's list of every ICU locale: about 40 ms on a desktop
// core, 160 ms on Lighthouse's 4x-slowed phone, in the task that paints the sign-in screen
// (issue 7). The production build drops the check; formatting still resolves locales as before
// (each Intl formatter falls back by itself), and the first formatter pays that cost only on a
// screen that formats a number or date. Fails the build if the library's code changes shape.
const CHECK =
  /\} else if \(!Intl\.NumberFormat\.supportedLocalesOf\(locale\)\.length && onError\) onError\([^\n]*\n\telse if \(!Intl\.DateTimeFormat\.supportedLocalesOf\(locale\)\.length && onError\) onError\([^\n]*\n/

/** @param {string} source */
function dropLocaleDataCheck(source) {
  if (!CHECK.test(source)) {
    throw new Error(
      "formatjs-intl-loader: @formatjs/intl's locale-data check was not found; review this loader against the new version",
    )
  }
  return source.replace(CHECK, '}\n')
}

module.exports = function formatjsIntl(source) {
  this.cacheable(true)
  return dropLocaleDataCheck(source)
}
module.exports.dropLocaleDataCheck = dropLocaleDataCheck
