// Which messages the sign-in route can show, so that only they ship in its entry chunk
// (docs/decisions/0217). The files are those that the entry, the login screen and the chunks the
// login page loads on a press (language menu, install and update dialogs, the offline verifier)
// import statically; a key counts when one of them names it as a string, or names the fixed
// start of a template (`role_${role}` counts every key starting role_). Over-counting only
// costs bytes; a key missed would show as its id, so the rule errs towards counting.
/* eslint-disable @typescript-eslint/no-require-imports -- loaded by the webpack loader (CommonJS) */
const fs = require('node:fs')
const path = require('node:path')
const ts = require('typescript')
/* eslint-enable @typescript-eslint/no-require-imports */

const ROOTS = [
  'src/index.tsx',
  'src/features/auth/LoginScreen.tsx',
  'src/features/preferences/PreferenceControls.tsx',
  'src/features/pwa/UpdatePrompt.tsx',
  'src/features/pwa/InstallDialog.tsx',
  'src/features/auth/offlineVerifier.ts',
]

const parse = (file) =>
  ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TSX,
  )

function resolveFile(from, spec) {
  const base = path.resolve(path.dirname(from), spec)
  const candidates = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((end) => base + end)
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile())
}

/** The source files reachable from the roots through static imports (TypeScript only). */
function signInFiles(root) {
  const seen = new Set()
  const queue = ROOTS.map((file) => path.join(root, file))
  while (queue.length) {
    const file = queue.pop()
    if (seen.has(file)) continue
    seen.add(file)
    // import and export … from: a dynamic import() is a chunk of its own, not followed.
    for (const statement of parse(file).statements) {
      const spec =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : ''
      const target = spec.startsWith('.') ? resolveFile(file, spec) : undefined
      if (target && /\.tsx?$/.test(target)) queue.push(target)
    }
  }
  return [...seen].sort()
}

/** The keys of `allKeys` the sign-in route's files name, and those files. */
function signInMessages(root, allKeys) {
  const files = signInFiles(root)
  const keys = new Set()
  const prefixes = new Set()
  for (const file of files) {
    parse(file).forEachChild(function visit(node) {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        if (allKeys.includes(node.text)) keys.add(node.text)
      } else if (ts.isTemplateExpression(node) && node.head.text) {
        prefixes.add(node.head.text)
      }
      node.forEachChild(visit)
    })
  }
  for (const key of allKeys) {
    for (const prefix of prefixes) if (key.startsWith(prefix)) keys.add(key)
  }
  return { keys, files }
}

module.exports = { signInMessages, ROOTS }
