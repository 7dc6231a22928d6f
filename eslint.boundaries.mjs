// @ts-check
// Who may import whom inside src/. Read top to bottom: each layer lists what it may import.
// domain → shared → features → app on the client; the server shares only src/domain with it.
import path from 'node:path'

/** @type {{ layer: string, dir: string, mayImport: string[] }[]} */
export const LAYERS = [
  { layer: 'domain', dir: 'src/domain', mayImport: ['domain'] },
  { layer: 'shared', dir: 'src/shared', mayImport: ['domain', 'shared'] },
  // Another feature only through its index file (src/features/x, never src/features/x/y).
  { layer: 'features', dir: 'src/features', mayImport: ['domain', 'shared', 'features', 'app'] },
  { layer: 'app', dir: 'src/app', mayImport: ['domain', 'shared', 'features', 'app'] },
  { layer: 'entry', dir: 'src/index.tsx', mayImport: ['domain', 'shared', 'features', 'app'] },
  { layer: 'entry', dir: 'src/sw.ts', mayImport: ['domain', 'shared', 'features', 'app'] },
  { layer: 'server', dir: 'src/server', mayImport: ['domain', 'server'] },
  {
    layer: 'testing',
    dir: 'src/testing',
    mayImport: ['domain', 'shared', 'features', 'app', 'testing'],
  },
]

/** Packages a layer must not use: src/domain runs in the browser and in Node alike. */
const FORBIDDEN_PACKAGES = {
  domain: /^(react|react-dom|antd|node:.*|fs|path)(\/|$)/,
  server: /^(react|react-dom|antd)(\/|$)/,
}

const root = path.resolve(import.meta.dirname)

/** @param {string} file absolute path */
function layerOf(file) {
  const rel = path.relative(root, file).split(path.sep).join('/')
  return LAYERS.find(
    ({ dir }) => rel === dir || rel.startsWith(`${dir}/`) || rel.startsWith(`${dir}.`),
  )
}

/** The feature folder a path is in, and the rest of the path inside it. */
function featureParts(file) {
  const rel = path.relative(path.join(root, 'src/features'), file).split(path.sep)
  return { feature: rel[0], inside: rel.slice(1).join('/') }
}

/** @type {import('eslint').Rule.RuleModule} */
const layersRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = layerOf(context.filename)
    if (!from) return {}
    const isTest = /\.test\.tsx?$/.test(context.filename)
    /** @param {import('estree').Node & { source?: any }} node */
    const check = (node) => {
      const spec = node.source?.type === 'Literal' ? node.source.value : undefined
      if (typeof spec !== 'string') return
      if (!spec.startsWith('.')) {
        const forbidden = FORBIDDEN_PACKAGES[from.layer]
        if (forbidden?.test(spec)) {
          context.report({ node, message: `src/${from.layer} may not use '${spec}'.` })
        }
        return
      }
      const target = path.resolve(path.dirname(context.filename), spec)
      const to = layerOf(target)
      if (!to) return
      if (to.layer === 'testing' && isTest) return
      if (!from.mayImport.includes(to.layer)) {
        context.report({
          node,
          message: `${from.dir} may not import ${to.dir} (allowed: ${from.mayImport.join(', ')}).`,
        })
        return
      }
      if (from.layer === 'features' && to.layer === 'features' && !isTest) {
        const own = featureParts(context.filename)
        const other = featureParts(target)
        if (own.feature !== other.feature && other.inside !== '' && other.inside !== 'index') {
          context.report({
            node,
            message: `Import the ${other.feature} feature through its index ('src/features/${other.feature}').`,
          })
        }
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    }
  },
}

export const boundaries = {
  files: ['src/**/*.{ts,tsx}'],
  plugins: { boundaries: { rules: { layers: layersRule } } },
  rules: { 'boundaries/layers': 'error' },
}
