#!/usr/bin/env node
// Merges messages into locales/{en,am,om}.json.
//   node scripts/i18n-merge.mjs messages.json
// messages.json: { "en": {key: text}, "am": {key: text}, "om": {key: text} } with the same keys
// in all three. Keys are kept sorted so concurrent additions merge cleanly in git.
import fs from 'node:fs'
import path from 'node:path'

const LANGS = ['en', 'am', 'om']
const input = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))
const keys = Object.keys(input.en ?? {})
for (const lang of LANGS) {
  const missing = keys.filter((k) => typeof input[lang]?.[k] !== 'string' || !input[lang][k].trim())
  const extra = Object.keys(input[lang] ?? {}).filter((k) => !keys.includes(k))
  if (missing.length || extra.length) {
    console.error(`${lang}: missing [${missing.join(', ')}] extra [${extra.join(', ')}]`)
    process.exit(1)
  }
}
for (const lang of LANGS) {
  const file = path.join('locales', `${lang}.json`)
  const current = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {}
  const merged = { ...current, ...input[lang] }
  const sorted = Object.fromEntries(
    Object.keys(merged)
      .sort()
      .map((k) => [k, merged[k]]),
  )
  fs.writeFileSync(file, JSON.stringify(sorted, null, 2) + '\n')
}
console.log(`merged ${keys.length} keys into ${LANGS.join(', ')}`)
