// The build's part of the sign-in page drawn at build time (docs/decisions/0125): the Node
// compiler of src/app/prerender, where it writes, and the plugin that puts its page in login.html.
import crypto from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import Beasties from 'beasties'
import HtmlWebpackPlugin from 'html-webpack-plugin'
import {
  type Compiler,
  type Configuration,
  type ResolveOptions,
  type RuleSetRule,
  sources,
} from 'webpack'

/** The class of antd's record of the styles a page brings along (@ant-design/cssinjs). */
const CACHE_PATH = 'data-ant-cssinjs-cache-path'

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
 * The rules of antd's CSS that the drawn page uses (decision 0335): beasties keeps the rules whose
 * selectors, without their pseudo-classes, match an element of the page, and their keyframes.
 */
export async function criticalCss(css: string, body: string): Promise<string> {
  if (/<\/style/i.test(css)) throw new Error('login.html: antd CSS cannot be inlined')
  // antd's CSS comes minified; beasties' own compressing (0.5.4) broke it (the `{` of a rule
  // with one declaration, the `;` before a rule's last one), so the rules are kept as they come.
  const beasties = new Beasties({
    external: false,
    fonts: false,
    compress: false,
    logLevel: 'warn',
  })
  const page = await beasties.process(
    `<!doctype html><html><head><style id="critical">${css}</style></head>${body}</html>`,
  )
  const critical = /<style id="critical">([\s\S]*?)<\/style>/.exec(page)
  if (!critical) throw new Error('login.html: no critical CSS')
  return critical[1]
}

/**
 * Draws the sign-in page into login.html: runs the Node build of src/app/prerender (React's
 * prerender and antd's style extraction, both documented) and puts its markup in #root, the
 * rules of antd's CSS it uses in the head and the whole of that CSS in a stylesheet the start-up
 * applies before it hydrates the page (src/index.tsx).
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
            LOGIN_STYLESHEET_ID: string
          }
        }
        const { renderLogin, LOGIN_STYLE_ID, LOGIN_STYLESHEET_ID } = drawn
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
          .replace(
            root,
            (_all, end: string) => `<div id="root" data-drawn="${key}">${html}</div>${end}`,
          )
        // The page paints with the rules it uses (decision 0335). antd's run-time leaves the drawn
        // components' styles to the whole CSS (its cache path rule is in it, never in the
        // critical part), which the start-up switches on before React takes the page over.
        const critical = await criticalCss(css, data.html.slice(data.html.indexOf('<body')))
        if (critical.includes(CACHE_PATH)) throw new Error('login.html: cache path in critical')
        const hash = crypto.createHash('sha256').update(css).digest('hex').slice(0, 10)
        const file = `assets/login-drawn.${hash}.css`
        compilation.emitAsset(file, new sources.RawSource(css))
        data.html = data.html.replace(
          '</title>',
          // Before the app's own stylesheets, as antd's run-time styles are, so those still win.
          () =>
            `</title><style id="${LOGIN_STYLE_ID}">${critical}</style>` +
            `<link rel="stylesheet" href="${publicPath}${file}" media="print" id="${LOGIN_STYLESHEET_ID}">`,
        )
        return data
      })
    })
  }
}
