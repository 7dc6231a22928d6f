import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import CompressionPlugin from 'compression-webpack-plugin'
import CopyPlugin from 'copy-webpack-plugin'
import HtmlWebpackPlugin from 'html-webpack-plugin'
import MiniCssExtractPlugin from 'mini-css-extract-plugin'
import TerserPlugin from 'terser-webpack-plugin'
import webpack, { type Configuration } from 'webpack'
import { InjectManifest } from 'workbox-webpack-plugin'
import 'webpack-dev-server'
import { LOGIN_CHOOSER_SCRIPT, PRERENDER_TEMPLATE_PREFIX } from './src/app/prerender/chooserScript'

const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, 'package.json'), 'utf8')) as {
  version: string
}

/** One id per build: in version.json and in /sw.js, so every build is a new version to clients. */
const BUILD_ID = process.env.ABAL_BUILD_ID ?? crypto.randomBytes(6).toString('hex')

/** version.json: what the running client compares against to know a new build is out. */
class VersionFilePlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('VersionFilePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'VersionFilePlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONS },
        () => {
          const body = JSON.stringify({ version: pkg.version, build: BUILD_ID })
          compilation.emitAsset('version.json', new webpack.sources.RawSource(body))
        },
      )
    })
  }
}

/**
 * .build-stats.json in the output: which files each entry and named chunk group loads, for
 * scripts/check-budgets.mjs (issue 7). A dotfile, so the static server does not hand it out.
 */
class BuildStatsPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.done.tap('BuildStatsPlugin', (stats) => {
      const { namedChunkGroups = {} } = stats.toJson({ all: false, chunkGroups: true })
      const groups = Object.fromEntries(
        Object.entries(namedChunkGroups).map(([name, group]) => [
          name,
          (group.assets ?? []).map((asset) => asset.name),
        ]),
      )
      const out = compiler.options.output.path!
      fs.writeFileSync(path.join(out, '.build-stats.json'), JSON.stringify({ groups }, null, 1))
    })
  }
}

/**
 * The two font files every screen paints with (the interface's Ge'ez letters and Latin) are
 * preloaded from index.html. Otherwise the browser asks for them only once React has rendered
 * text, and text waits for them: on a throttled phone that held the first contentful paint back
 * by about a second after the first paint.
 */
const PRELOADED_FONTS = /\/noto-sans-ethiopic-(ui|latin-wght-normal)\.[0-9a-f]{10}\.woff2$/

class PreloadFontsPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.compilation.tap('PreloadFontsPlugin', (compilation) => {
      HtmlWebpackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap(
        'PreloadFontsPlugin',
        (data) => {
          const fonts = Object.keys(compilation.assets)
            .map((name) => `${data.publicPath}${name}`)
            .filter((href) => PRELOADED_FONTS.test(href))
            .sort()
          const links = fonts.map((href) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              href,
              as: 'font',
              type: 'font/woff2',
              crossorigin: 'anonymous',
            }),
          )
          data.headTags.unshift(...links)
          return data
        },
      )
    })
  }
}

/**
 * index.html carries the sign-in screen drawn at build time (src/app/prerender), one template per
 * language and theme, and the inline script (chooserScript.ts) that shows the visitor's one before
 * any JavaScript has run and then starts the app's scripts: on a throttled phone the form is on
 * screen about two seconds sooner. The CSS the login route loads moves into the head so that form
 * is styled in that first paint (the chunk loader finds those links and does not fetch them
 * again).
 */
class PrerenderLoginPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.compilation.tap('PrerenderLoginPlugin', (compilation) => {
      const hooks = HtmlWebpackPlugin.getCompilationHooks(compilation)
      hooks.alterAssetTagGroups.tap('PrerenderLoginPlugin', (data) => {
        // The entry's scripts download from the start (preload, in order) and run once the
        // inline script has seen the first paint.
        data.headTags = data.headTags.map((tag) =>
          tag.tagName === 'script' && typeof tag.attributes.src === 'string'
            ? HtmlWebpackPlugin.createHtmlTagObject('link', {
                rel: 'preload',
                as: 'script',
                href: tag.attributes.src,
              })
            : tag,
        )
        const login = compilation.namedChunkGroups.get('login')
        const loginFiles = login?.getFiles() ?? []
        // The sign-in screen's own scripts download beside the entry's and run after them, each
        // in a task of its own; a script only registers its modules, and start-up evaluates the
        // screen's in a later task of its choosing (src/index.tsx).
        const entryScripts = new Set(
          data.headTags
            .map((tag) => tag.attributes.href)
            .filter((href) => typeof href === 'string'),
        )
        data.headTags.push(
          ...loginFiles
            .filter((file) => file.endsWith('.js'))
            .map((file) => `${data.publicPath}${file}`)
            .filter((href) => !entryScripts.has(href))
            .map((href) =>
              HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href }),
            ),
        )
        const styles = loginFiles.filter((file) => file.endsWith('.css'))
        data.headTags.push(
          ...styles.map((file) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              href: `${data.publicPath}${file}`,
              rel: 'stylesheet',
            }),
          ),
        )
        return data
      })
      hooks.beforeEmit.tapPromise('PrerenderLoginPlugin', async (data) => {
        const variants = await prerenderLogin()
        const templates = Object.entries(variants)
          .map(
            ([id, html]) => `<template id="${PRERENDER_TEMPLATE_PREFIX}${id}">${html}</template>`,
          )
          .join('')
        const root = '<div id="root"></div>'
        if (!data.html.includes(root))
          throw new Error('PrerenderLoginPlugin: no #root in index.html')
        data.html = data.html.replace(
          root,
          `${root}${templates}<script>${LOGIN_CHOOSER_SCRIPT}</script>`,
        )
        return data
      })
    })
  }
}

/** scripts/prerender-login.cjs in a child process: {"am-light": html, …}. */
function prerenderLogin(): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.resolve(__dirname, 'scripts/prerender-login.cjs')],
      {
        cwd: __dirname,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, NODE_ENV: 'production' },
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`prerendering the sign-in screen failed:\n${stderr}`))
        else resolve(JSON.parse(stdout) as Record<string, string>)
      },
    )
  })
}

/**
 * The chunk groups the service worker precaches: what opens offline (spec 1: the app shell, its
 * fonts and strings, /login and /debug, and what those load on a press). Signed-in screens need
 * the API anyway; their chunks come from the network and the browser's immutable HTTP cache, which
 * keeps the precache far under its 2 MB budget (issue 7).
 */
const SHELL_CHUNK_GROUPS = ['app', 'login', 'debug', 'preference-controls', 'pwa-install-dialog']

function outsideTheShell({
  asset,
  compilation,
}: {
  asset: { name: string }
  compilation: webpack.Compilation
}): boolean {
  const shell = new Set<string>()
  for (const name of SHELL_CHUNK_GROUPS) {
    for (const chunk of compilation.namedChunkGroups.get(name)?.chunks ?? []) {
      for (const file of [...chunk.files, ...chunk.auxiliaryFiles]) shell.add(file)
    }
  }
  const fromAChunk = [...compilation.chunks].some(
    (chunk) => chunk.files.has(asset.name) || chunk.auxiliaryFiles.has(asset.name),
  )
  return fromAChunk && !shell.has(asset.name)
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map|webmanifest)$/

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration => {
  const production = argv.mode !== 'development'
  return {
    mode: production ? 'production' : 'development',
    entry: { app: './src/index.tsx' },
    output: {
      // ABAL_DIST_DIR lets parallel builds (tests, benchmarks) keep out of each other's way.
      path: path.resolve(__dirname, process.env.ABAL_DIST_DIR ?? 'dist'),
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      publicPath: '/',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      // Messages arrive precompiled (scripts/compile-messages-loader.cjs): no runtime parser.
      alias: {
        '@formatjs/icu-messageformat-parser$': '@formatjs/icu-messageformat-parser/no-parser.js',
        // React Router 7's exports map names only its development build (remix-run/react-router
        // #12532, #14102): it warns at run time and keeps dev-only checks. Production builds take
        // the production build it ships beside it (the same code with ENABLE_DEV_WARNINGS off).
        ...(production
          ? {
              'react-router$': path.resolve(
                __dirname,
                'node_modules/react-router/dist/production/index.mjs',
              ),
            }
          : {}),
      },
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: [
            {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
            // Each module brings the static CSS of the antd components it uses (antdStaticCss.ts).
            path.resolve(__dirname, 'scripts/antd-imports-loader.cjs'),
          ],
        },
        {
          // antd's map token of each theme, derived at build time (src/app/themeTokens.ts).
          test: /[\\/]src[\\/]app[\\/]themeTokens\.(light|dark)\.ts$/,
          enforce: 'pre',
          use: path.resolve(__dirname, 'scripts/theme-tokens-loader.cjs'),
        },
        {
          // ...and the rest of antd's token work for our themes (scripts/cssinjs-token-loader.cjs).
          test: /[\\/]@ant-design[\\/]cssinjs[\\/]es[\\/]hooks[\\/]useCacheToken\.js$/,
          use: path.resolve(__dirname, 'scripts/cssinjs-token-loader.cjs'),
        },
        {
          // antd's helper packages are pure ES modules but do not say so (no "sideEffects" in
          // their package.json), so webpack kept whole packages (all of @rc-component/form for
          // one context). Declaring it keeps ~11 KB gzipped out of the login route (issue 7).
          test: /[\\/]node_modules[\\/](@rc-component|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors|icons))[\\/]/,
          sideEffects: false,
        },
        // The production build drops @formatjs/intl's locale-data check (see the loader).
        ...(production
          ? [
              {
                test: /[\\/]node_modules[\\/]@formatjs[\\/]intl[\\/]index\.js$/,
                use: path.resolve(__dirname, 'scripts/formatjs-intl-loader.cjs'),
              },
            ]
          : []),
        {
          test: /[\\/]locales[\\/][a-z]+\.json$/,
          type: 'json',
          use: path.resolve(__dirname, 'scripts/compile-messages-loader.cjs'),
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        // antd's component styles, generated from the theme at build time (zeroRuntime).
        {
          test: /[\\/]src[\\/]app[\\/]antd\.static\.css$/,
          use: path.resolve(__dirname, 'scripts/antd-css-loader.cjs'),
        },
        { test: /\.(woff2?|png|jpe?g|svg|webp)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/index.html', scriptLoading: 'defer' }),
      new PreloadFontsPlugin(),
      ...(production ? [new PrerenderLoginPlugin()] : []),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
        // The order of CSS modules across route chunks does not matter: antd's CSS is in its own
        // cascade layer and the app's stylesheets do not overlap one another.
        ignoreOrder: true,
      }),
      new CopyPlugin({
        patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }],
      }),
      new VersionFilePlugin(),
      // antd's CSS variables are in the build-time CSS: src/app/antdCssVarRegister.ts skips
      // registering them again at run time. Only cssinjs's own relative import is swapped, so the
      // stand-in's import of the original by package path is left alone.
      new webpack.NormalModuleReplacementPlugin(/^\.\/hooks\/useCSSVarRegister$/, (resource) => {
        if (/[\\/]@ant-design[\\/]cssinjs[\\/]es$/.test(resource.context)) {
          resource.request = path.resolve(__dirname, 'src/app/antdCssVarRegister.ts')
        }
      }),
      ...(production
        ? [
            // /sw.js (src/sw.ts): precaches the build's own files; see the comment there.
            new InjectManifest({
              swSrc: './src/sw.ts',
              swDest: 'sw.js',
              exclude: [
                /\.(br|gz|map)$/,
                /LICENSE\.txt$/,
                /^version\.json$/,
                /^\.build-stats/,
                outsideTheShell,
              ],
              // Hashed names are their own revision: no ?__WB_REVISION__ on those URLs.
              dontCacheBustURLsMatching: /\.[0-9a-f]{10}\./,
              // The build id makes each build's sw.js differ, so clients see the update (spec 2.11).
              webpackCompilationPlugins: [
                new webpack.DefinePlugin({ 'process.env.ABAL_BUILD_ID': JSON.stringify(BUILD_ID) }),
              ],
            }),
            new BuildStatsPlugin(),
            new CompressionPlugin({
              filename: '[path][base].gz',
              algorithm: 'gzip',
              test: COMPRESSIBLE,
              threshold: 1024,
              minRatio: 0.9,
            }),
            new CompressionPlugin({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              test: COMPRESSIBLE,
              compressionOptions: {
                params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
              } as zlib.ZlibOptions,
              threshold: 1024,
              minRatio: 0.9,
            }),
          ]
        : []),
    ],
    optimization: {
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify })],
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    devServer: {
      port: 8080,
      historyApiFallback: true,
      hot: true,
      proxy: [
        {
          context: ['/api', '/uploads', '/health', '/version.json'],
          target: `http://localhost:${process.env.API_PORT ?? 8081}`,
        },
      ],
    },
  }
}
