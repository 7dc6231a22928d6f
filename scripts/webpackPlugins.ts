// The build's own small webpack plugins (webpack.config.ts), each on webpack's or
// html-webpack-plugin's public hooks, and the precompressed copies the server sends.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import CompressionPlugin from 'compression-webpack-plugin'
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

/** .br and .gz beside each text file: the server sends them as they are (src/server/platform/spa.ts). */
export const precompressed = (algorithm: 'gzip' | 'brotliCompress', extension: string) =>
  new CompressionPlugin({
    filename: `[path][base].${extension}`,
    algorithm,
    test: /\.(js|css|html|svg|json|txt|map|webmanifest)$/,
    compressionOptions: {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
      level: 9,
    } as object,
    threshold: 1024,
    minRatio: 0.9,
  })
