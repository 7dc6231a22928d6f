import crypto from 'node:crypto'
import path from 'node:path'
import CopyPlugin from 'copy-webpack-plugin'
import HtmlWebpackPlugin from 'html-webpack-plugin'
import MiniCssExtractPlugin from 'mini-css-extract-plugin'
import TerserPlugin from 'terser-webpack-plugin'
import webpack, { type Configuration } from 'webpack'
import { InjectManifest } from 'workbox-webpack-plugin'
import 'webpack-dev-server'
import { version } from './package.json'
import { DrawnLoginPlugin, drawnLoginDir, prerender } from './scripts/drawnLogin'
import { BuildInfoPlugin, PreloadFontsPlugin, precompressed } from './scripts/webpackPlugins'

/** One id per build, in version.json and /sw.js: every build is a new version to clients. */
const BUILD_ID = process.env.ABAL_BUILD_ID ?? crypto.randomBytes(6).toString('hex')
const API = `http://localhost:${process.env.API_PORT ?? 8081}`

/** TypeScript and JSX through swc (type checking is `npm run typecheck`). */
export const typescript = (production: boolean) => ({
  test: /\.tsx?$/,
  exclude: /node_modules/,
  loader: 'swc-loader',
  options: {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic', development: !production } },
      target: 'es2020',
    },
  },
})
// ICU messages parsed at build time, so the browser needs no parser (formatjs's advice).
export const messages = {
  test: /[\\/]locales[\\/][a-z]+\.json$/,
  type: 'json',
  use: path.resolve(__dirname, 'scripts/compile-messages-loader.cjs'),
}
export const resolve = {
  extensions: ['.tsx', '.ts', '.js', '.json'],
  alias: {
    // locales/*.json, also as parts (`?part=signIn`): types/messageParts.d.ts.
    '@locales': path.resolve(__dirname, 'locales'),
    // formatjs's documented no-parser build: messages arrive precompiled (see the loader).
    '@formatjs/icu-messageformat-parser$': '@formatjs/icu-messageformat-parser/no-parser.js',
  },
}

export default (
  _env: unknown,
  argv: { mode?: Configuration['mode'] },
): Configuration | Configuration[] => {
  const production = argv.mode !== 'development'
  const dist = path.resolve(__dirname, process.env.ABAL_DIST_DIR ?? 'dist')
  const drawn = drawnLoginDir(dist)
  const hashed = (name: string) =>
    production ? `assets/${name}.[contenthash:10]` : `assets/${name}`
  const client: Configuration = {
    name: 'client',
    dependencies: production ? ['prerender'] : [],
    mode: production ? 'production' : 'development',
    entry: { app: './src/index.tsx' },
    output: {
      // ABAL_DIST_DIR lets parallel builds (tests, benchmarks) keep out of each other's way.
      path: dist,
      filename: `${hashed('[name]')}.js`,
      chunkFilename: `${hashed('[name]')}.js`,
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      publicPath: '/',
      clean: true,
    },
    resolve,
    devtool: production ? false : 'eval-cheap-module-source-map',
    module: {
      rules: [
        typescript(production),
        {
          // antd's helper packages are pure ES modules without a "sideEffects" field; declaring it
          // lets webpack drop their unused modules (~11 KB gzipped off the login route).
          test: /[\\/]node_modules[\\/](@rc-component|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors|icons))[\\/]/,
          sideEffects: false,
        },
        messages,
        // Imported CSS becomes stylesheets per chunk; fonts and images become hashed files.
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(woff2?|png|jpe?g|svg|webp)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      // index.html with the entry's scripts and the fonts every screen paints with preloaded.
      // login.html: the same page with /login drawn in it, served for /login (spa.ts, sw.ts).
      ...['index.html', ...(production ? ['login.html'] : [])].map(
        (filename) =>
          new HtmlWebpackPlugin({
            template: 'public/index.html',
            filename,
            scriptLoading: 'defer',
          }),
      ),
      ...(production ? [new DrawnLoginPlugin(path.join(drawn, 'renderLogin.js'))] : []),
      new PreloadFontsPlugin(/noto-sans-ethiopic-(ui|latin-wght-normal)\.[0-9a-f]{10}\.woff2$/),
      // Route chunks' stylesheets do not overlap, so their order across chunks does not matter.
      new MiniCssExtractPlugin({ filename: `${hashed('[name]')}.css`, ignoreOrder: true }),
      // public/ as is: icons, manifest, default avatar.
      new CopyPlugin({
        patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }],
      }),
      new BuildInfoPlugin({ version, build: BUILD_ID }),
      ...(production
        ? [
            // /sw.js from src/sw.ts precaches every chunk of the build: a signed-in screen opened
            // offline (issue 30) must find its script and styles. The build id makes sw.js new.
            new InjectManifest({
              swSrc: './src/sw.ts',
              swDest: 'sw.js',
              exclude: [/\.(br|gz|map)$/, /LICENSE\.txt$/, /^version\.json$/, /^\.build-stats/],
              // Hashed names are their own revision: no ?__WB_REVISION__ on those URLs.
              dontCacheBustURLsMatching: /\.[0-9a-f]{10}\./,
              webpackCompilationPlugins: [
                new webpack.DefinePlugin({ 'process.env.ABAL_BUILD_ID': JSON.stringify(BUILD_ID) }),
              ],
            }),
            precompressed('gzip', 'gz'),
            precompressed('brotliCompress', 'br'),
          ]
        : []),
    ],
    // swc minifies; shared modules go to shared chunks, webpack's runtime to one of its own.
    optimization: {
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify })],
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    // npm run dev: the client with hot reload, the API proxied to the server (scripts/dev.mjs).
    devServer: {
      port: 8080,
      historyApiFallback: true,
      hot: true,
      proxy: [{ context: ['/api', '/uploads', '/health', '/version.json'], target: API }],
    },
  }
  return production ? [prerender(drawn, { typescript, messages, resolve }), client] : client
}
