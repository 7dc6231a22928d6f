#!/usr/bin/env node
// No import loops between features: when the code of one feature (client or server) loads, it
// must not need, through any chain of runtime imports, a feature that needs it back. Such loops
// make the order modules start in decide what is defined. Type-only imports are left out (they
// vanish from the built code), and so are tests. A loop inside one feature is that feature's
// own business and not reported.
//   node scripts/check-feature-cycles.mjs        (part of npm run lint)
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const root = path.resolve(import.meta.dirname, '..')
const FEATURE_ROOTS = ['src/features', 'src/server/features']

function sources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec)
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((end) => base + end)
    .find((file) => fs.existsSync(file) && fs.statSync(file).isFile())
}

/** The files a file imports at run time: static imports and re-exports that are not types only. */
function runtimeImports(file) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  return source.statements.flatMap((node) => {
    let spec
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause
      const typesOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings)
          ? clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)
          : false)
      if (!typesOnly) spec = node.moduleSpecifier.text
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause)
      if (!named || !node.exportClause.elements.every((element) => element.isTypeOnly)) {
        spec = node.moduleSpecifier.text
      }
    }
    const target = spec?.startsWith('.') ? resolve(file, spec) : undefined
    return target ? [target] : []
  })
}

/** The feature a file belongs to ("src/server/features/members"), or null. */
function featureOf(file) {
  const rel = path.relative(root, file).split(path.sep).join('/')
  for (const featureRoot of FEATURE_ROOTS) {
    if (rel.startsWith(`${featureRoot}/`)) {
      return `${featureRoot}/${rel
        .slice(featureRoot.length + 1)
        .split('/')[0]
        .replace(/\.tsx?$/, '')}`
    }
  }
  return null
}

/** Strongly connected groups of files (Tarjan): each file in one can reach every other. */
function loops(graph) {
  let counter = 0
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const groups = []
  const visit = (file) => {
    index.set(file, counter)
    low.set(file, counter)
    counter += 1
    stack.push(file)
    onStack.add(file)
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file), low.get(next)))
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)))
    }
    if (low.get(file) !== index.get(file)) return
    const group = []
    let member
    do {
      member = stack.pop()
      onStack.delete(member)
      group.push(member)
    } while (member !== file)
    if (group.length > 1) groups.push(group)
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return groups
}

const graph = new Map(sources(path.join(root, 'src')).map((file) => [file, runtimeImports(file)]))
const crossing = loops(graph).filter(
  (group) => new Set(group.map(featureOf).filter(Boolean)).size > 1,
)
for (const group of crossing) {
  const features = [...new Set(group.map(featureOf).filter(Boolean))].sort()
  console.error(`Features import each other in a loop: ${features.join(', ')}`)
  for (const file of group.sort()) console.error(`  ${path.relative(root, file)}`)
}
if (crossing.length) process.exit(1)
console.log('No import loops between features.')
