// The build's part of the sign-in page drawn at build time (docs/decisions/0125): the Node
// compiler of src/app/prerender, where it writes, and the plugin that puts its page in login.html.
import crypto from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import HtmlWebpackPlugin from 'html-webpack-plugin'
import type { Compiler, Configuration, ResolveOptions, RuleSetRule } from 'webpack'

/** Where the Node build goes: outside the served folder, one place per client output folder. */
export const drawnLoginDir = (dist: string) =>
  path.join(
    os.tmpdir(),
    `abal-prerender-${crypto.createHash('sha1').update(dist).digest('hex').slice(0, 8)}`,
  )

/**
 * The sign-in page drawn at build time (docs/decisions/0125): src/app/prerender built for Node,
 * which the client build then runs to write login.html (DrawnLoginPlugin below). Styles and images are the client's.
 */
export const prerender = (
  outputPath: string,
  shared: {
    typescript: (production: boolean) => RuleSetRule
    messages: RuleSetRule
    resolve: ResolveOptions
  },
): Configuration => ({
  name: 'prerender',
  mode: 'production',
  target: 'node',
  entry: { renderLogin: './src/app/prerender/renderLogin.tsx' },
  output: { path: outputPath, library: { type: 'commonjs2' }, clean: true, publicPath: '/' },
  resolve: shared.resolve,
  module: {
    rules: [
      shared.typescript(true),
      shared.messages,
      { test: /\.css$/, type: 'asset/source' },
      {
        test: /\.(woff2?|png|jpe?g|svg|webp)$/,
        type: 'asset/resource',
        generator: { emit: false, filename: 'assets/[name].[contenthash:10][ext]' },
      },
    ],
  },
  optimization: { minimize: false },
  performance: { hints: false },
})

/**
 * Draws the sign-in page into login.html: runs the Node build of src/app/prerender (React's
 * prerender and antd's style extraction, both documented) and puts its markup in #root and
 * antd's CSS for it in the head. The start-up hydrates it (src/index.tsx).
 */
export class DrawnLoginPlugin {
  constructor(private readonly renderer: string) {}

  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap('DrawnLogin', (compilation) => {
      const hooks = HtmlWebpackPlugin.getCompilationHooks(compilation)
      hooks.beforeEmit.tapPromise('DrawnLogin', async (data) => {
        if (data.outputName !== 'login.html') return data
        // A CommonJS bundle: Node's import() hands its exports over as the default.
        const { default: drawn } = (await import(this.renderer)) as {
          default: {
            renderLogin: () => Promise<{ html: string; css: string; key: string }>
            LOGIN_STYLE_ID: string
          }
        }
        const { renderLogin, LOGIN_STYLE_ID } = drawn
        const { html, css, key } = await renderLogin()
        const root = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/
        if (!root.test(data.html)) throw new Error('login.html: no #root at the end of <body>')
        // The entry's and the sign-in route's stylesheets, inlined (decision 0305): no request
        // holds the first paint. data-href tells mini-css-extract's loader they are in
        // (its README, "Using preloaded or inlined CSS"); the CSP allows inline styles.
        const publicPath = String(compilation.outputOptions.publicPath ?? '/')
        const files = (group: string) =>
          [...(compilation.namedChunkGroups.get(group)?.getFiles() ?? [])].filter((file) =>
            file.endsWith('.css'),
          )
        const inline = (file: string) => {
          const css = String(compilation.getAsset(file)?.source.source() ?? '')
          if (!css || /<\/style/i.test(css)) throw new Error(`login.html: cannot inline ${file}`)
          return `<style data-href="${publicPath}${file}">${css}</style>`
        }
        for (const file of files('app')) {
          const link = `<link href="${publicPath}${file}" rel="stylesheet">`
          if (!data.html.includes(link)) throw new Error(`login.html: no ${link}`)
          data.html = data.html.replace(link, () => inline(file))
        }
        const routeStyles = files('login').map(inline).join('')
        data.html = data.html
          .replace('</head>', () => `${routeStyles}</head>`)
          // Before the app's own stylesheets, as antd's run-time styles are, so those still win.
          .replace('</title>', () => `</title><style id="${LOGIN_STYLE_ID}">${css}</style>`)
          .replace(
            root,
            (_all, end: string) => `<div id="root" data-drawn="${key}">${html}</div>${end}`,
          )
        return data
      })
    })
  }
}
