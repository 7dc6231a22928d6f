// @ts-check
// Who may import whom inside src/. Each layer lists what it may import; read top to bottom:
// domain → shared → features → app on the client, and the server shares only src/domain.
// The server repeats the client's shape: infrastructure → features → app.ts, server.ts, cli/.
import path from 'node:path'

const CLIENT = ['domain', 'shared', 'sharedStore', 'store', 'features']

/** A file belongs to the first layer one of whose paths contains it. */
export const LAYERS = [
  { layer: 'domain', paths: ['src/domain'], mayImport: ['domain'] },
  // Shared helpers that read the store or call the one api: the date-time display (it reads the
  // preferences) and authenticated downloads. Of the features they may use preferences only.
  {
    layer: 'sharedStore',
    paths: ['src/shared/DateTime', 'src/shared/downloadApi', 'src/shared/useDownload'],
    mayImport: ['domain', 'shared', 'store', 'sharedStore'],
    mayImportFeatures: ['preferences'],
  },
  { layer: 'shared', paths: ['src/shared'], mayImport: ['domain', 'shared'] },
  // The Redux store and RTK Query client that features plug their slices and endpoints into.
  {
    layer: 'store',
    paths: ['src/app/store', 'src/app/hooks', 'src/app/api', 'src/app/token', 'src/app/devTools'],
    mayImport: [...CLIENT, 'events'],
  },
  { layer: 'events', paths: ['src/app/sessionEvents', 'src/app/connectionEvents'], mayImport: [] },
  // Another feature only through its index file: src/features/x, never src/features/x/y.
  { layer: 'features', paths: ['src/features'], mayImport: [...CLIENT, 'events'] },
  {
    layer: 'app',
    paths: ['src/app', 'src/index.tsx', 'src/sw.ts'],
    mayImport: [...CLIENT, 'events', 'app'],
  },
  // Server infrastructure: no feature's code, so any feature can stand on it.
  {
    layer: 'serverInfra',
    paths: ['src/server/db', 'src/server/plugins', 'src/server/platform', 'src/server/config'],
    mayImport: ['domain', 'serverInfra'],
  },
  // Another server feature only through its index: src/server/features/x.
  {
    layer: 'serverFeatures',
    paths: ['src/server/features'],
    mayImport: ['domain', 'serverInfra', 'serverFeatures'],
  },
  // app.ts, server.ts, cli/ and testing/: they wire features (through their indexes) together.
  {
    layer: 'server',
    paths: ['src/server'],
    mayImport: ['domain', 'serverInfra', 'serverFeatures', 'server'],
  },
  { layer: 'testing', paths: ['src/testing'], mayImport: [...CLIENT, 'events', 'app', 'testing'] },
]

/** Client tests may also use the test helpers and the app's providers and router. */
const TEST_EXTRAS = ['testing', 'app']
const SERVER = ['serverInfra', 'serverFeatures', 'server']
/** Server tests and their helpers reach any server file: they set up what they check. */
const SERVER_TEST_EXTRAS = SERVER

/** The folders whose subfolders are features, each reached from outside through its index. */
const FEATURE_ROOTS = { features: 'src/features', serverFeatures: 'src/server/features' }
/** Who must use that index: other features; on the server also app.ts, server.ts and cli/. */
const INDEX_ONLY_FROM = {
  features: ['features', 'sharedStore'],
  serverFeatures: ['serverFeatures', 'server'],
}

/** Packages a layer must not use: src/domain runs in the browser and in Node alike. */
const FORBIDDEN_PACKAGES = {
  domain: /^(react|react-dom|antd|node:.*|fs|path)(\/|$)/,
  serverInfra: /^(react|react-dom|antd)(\/|$)/,
  serverFeatures: /^(react|react-dom|antd)(\/|$)/,
  server: /^(react|react-dom|antd)(\/|$)/,
}

const root = path.resolve(import.meta.dirname)
const relative = (/** @type {string} */ file) => path.relative(root, file).split(path.sep).join('/')

/** @param {string} file absolute path, with or without its extension */
function layerOf(file) {
  const rel = relative(file)
  const within = (/** @type {string} */ p) =>
    rel === p || rel.startsWith(`${p}/`) || rel.startsWith(`${p}.`)
  return LAYERS.find(({ paths }) => paths.some(within))
}

/**
 * The feature folder of a path under a feature root, and the rest of the path inside it.
 * @param {string} file @param {string} featureRoot
 */
function featureParts(file, featureRoot) {
  const rel = relative(file)
  if (!rel.startsWith(`${featureRoot}/`)) return { feature: '', inside: rel }
  const [feature, ...inside] = rel.slice(featureRoot.length + 1).split('/')
  return {
    feature: feature.replace(/\.tsx?$/, ''),
    inside: inside.join('/').replace(/\.tsx?$/, ''),
  }
}

/** @type {import('eslint').Rule.RuleModule} */
const layersRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = layerOf(context.filename)
    if (!from) return {}
    const onServer = SERVER.includes(from.layer)
    const isTest =
      /\.test\.tsx?$/.test(context.filename) ||
      (onServer && relative(context.filename).startsWith('src/server/testing/'))
    const extras = onServer ? SERVER_TEST_EXTRAS : TEST_EXTRAS
    const allowed = isTest ? [...from.mayImport, ...extras] : from.mayImport
    /** @param {any} node an import, export-from or import() */
    const check = (node) => {
      const spec = node.source?.type === 'Literal' ? node.source.value : undefined
      if (typeof spec !== 'string') return
      if (!spec.startsWith('.')) {
        if (FORBIDDEN_PACKAGES[from.layer]?.test(spec)) {
          context.report({ node, message: `${from.paths[0]} may not use '${spec}'.` })
        }
        return
      }
      const target = path.resolve(path.dirname(context.filename), spec)
      const to = layerOf(target)
      if (!to) return
      const namedFeature =
        to.layer === 'features' &&
        from.mayImportFeatures?.includes(featureParts(target, 'src/features').feature)
      if (to !== from && !allowed.includes(to.layer) && !namedFeature) {
        context.report({
          node,
          message: `${from.layer} (${from.paths.join(', ')}) may not import ${to.layer} (${relative(target)}); it may import ${allowed.join(', ')}.`,
        })
        return
      }
      const kind = /** @type {keyof typeof FEATURE_ROOTS} */ (to.layer)
      const featureRoot = FEATURE_ROOTS[kind]
      if (featureRoot && !isTest && INDEX_ONLY_FROM[kind].includes(from.layer)) {
        const own = featureParts(context.filename, featureRoot)
        const other = featureParts(target, featureRoot)
        // app.ts and server.ts take a server feature's routes and start-up step (bootstrap) from
        // their own files: an index that exported them would make every feature that uses
        // another load all its routes, and the features would import each other in loops.
        const routesFromApp =
          from.layer === 'server' && /^(routes|bootstrap)(\/|$)/.test(other.inside)
        if (
          own.feature !== other.feature &&
          other.inside !== '' &&
          other.inside !== 'index' &&
          !routesFromApp
        ) {
          context.report({
            node,
            message: `Import the ${other.feature} feature through its index ('${featureRoot}/${other.feature}').`,
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
