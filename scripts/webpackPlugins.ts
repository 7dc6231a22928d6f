// The build's own small webpack plugins (webpack.config.ts), each on webpack's or
// html-webpack-plugin's public hooks.
import fs from 'node:fs'
import path from 'node:path'
import HtmlWebpackPlugin from 'html-webpack-plugin'
import webpack from 'webpack'

/**
 * Writes version.json (what a running client compares its own build with, spec 2.11) and, for
 * scripts/check-budgets.mjs, .build-stats.json: the files of each named chunk group (a dotfile,
 * so the server never hands it out).
 */
export class BuildInfoPlugin {
  constructor(private readonly version: { version: string; build: string }) {}

  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('BuildInfo', (compilation) => {
      const stage = webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONS
      compilation.hooks.processAssets.tap({ name: 'BuildInfo', stage }, () => {
        const body = JSON.stringify(this.version)
        compilation.emitAsset('version.json', new webpack.sources.RawSource(body))
      })
    })
    compiler.hooks.done.tap('BuildInfo', (stats) => {
      const { namedChunkGroups = {} } = stats.toJson({ all: false, chunkGroups: true })
      const groups = Object.fromEntries(
        Object.entries(namedChunkGroups).map(([name, group]) => [
          name,
          (group.assets ?? []).map((asset) => asset.name),
        ]),
      )
      const file = path.join(compiler.options.output.path!, '.build-stats.json')
      fs.writeFileSync(file, JSON.stringify({ groups }, null, 1))
    })
  }
}

/**
 * Preloads from index.html the two font files every screen paints with (Ge'ez and Latin):
 * otherwise the browser asks for them only once React has rendered text, and on a throttled
 * phone the first text waited about a second for them.
 */
export class PreloadFontsPlugin {
  constructor(private readonly fonts: RegExp) {}

  apply(compiler: webpack.Compiler) {
    compiler.hooks.compilation.tap('PreloadFonts', (compilation) => {
      const hooks = HtmlWebpackPlugin.getCompilationHooks(compilation)
      hooks.alterAssetTagGroups.tap('PreloadFonts', (data) => {
        const fonts = Object.keys(compilation.assets).filter((name) => this.fonts.test(name))
        const link = (name: string) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            href: `${data.publicPath}${name}`,
            as: 'font',
            type: 'font/woff2',
            crossorigin: 'anonymous',
          })
        data.headTags.unshift(...fonts.sort().map(link))
        return data
      })
    })
  }
}

/**
 * Draws the sign-in page into login.html: runs the Node build of src/app/prerender (React's
 * prerender and antd's style extraction, both documented) and puts its markup in #root and
 * antd's CSS for it in the head. The start-up hydrates it (src/index.tsx).
 */
export class DrawnLoginPlugin {
  constructor(private readonly renderer: string) {}

  apply(compiler: webpack.Compiler) {
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
        // The sign-in route's own stylesheets, which its script would add only when it runs.
        const publicPath = String(compilation.outputOptions.publicPath ?? '/')
        const routeStyles = [...(compilation.namedChunkGroups.get('login')?.getFiles() ?? [])]
          .filter((file) => file.endsWith('.css'))
          .map((file) => `<link href="${publicPath}${file}" rel="stylesheet">`)
          .join('')
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
