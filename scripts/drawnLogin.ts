// The build's part of the sign-in page drawn at build time (docs/decisions/0125): the Node
// compiler of src/app/prerender, where it writes, and the plugin that puts its page in login.html.
import crypto from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import HtmlWebpackPlugin from 'html-webpack-plugin'
import type { Compiler, Configuration, ResolveOptions, RuleSetRule } from 'webpack'
import { START_APP_SCRIPT } from '../src/server/platform/startAppScript'
import { inlineFontStyle } from './loginFont'

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
 * What the page would ask for before its first paint and needs only after it: the touch icon,
 * the manifest and the preloads of the app's fonts (the next screen's letters). The tab icon
 * stays: without one, Chromium asks for /favicon.ico as the page loads.
 */
const ASKED_BEFORE_PAINT =
  /<link rel="(?:apple-touch-icon|manifest)"[^>]*>|<link rel="preload" href="[^"]+" as="font"[^>]*>/g

/**
 * login.html's start (decision 0376): the app's script tags become the inline starter's
 * data-scripts, in their order, and the links it holds back wait in a template; the starter
 * adds both once the page has painted.
 */
function startAfterPaint(page: string) {
  const tags = /<script defer="defer" src="([^"]+)"><\/script>/g
  const scripts = [...page.matchAll(tags)].map((match) => match[1])
  const held = page.match(ASKED_BEFORE_PAINT) ?? []
  if (!scripts.length || held.length !== 4) {
    throw new Error("login.html: expected the app's scripts, touch icon, manifest and fonts")
  }
  const starter = `<template id="after-paint">${held.join('')}</template><script data-scripts="${scripts.join(' ')}">${START_APP_SCRIPT}</script>`
  return page
    .replace(tags, '')
    .replace(ASKED_BEFORE_PAINT, '')
    .replace('</head>', () => `${starter}</head>`)
}

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
        // The page's letters come inline (decision 0376); the app's fonts follow the paint.
        const page = startAfterPaint(data.html)
        const fontStyle = await inlineFontStyle(html, `${page}${routeStyles}${css}`)
        data.html = page
          .replace('</head>', () => `${routeStyles}${fontStyle}</head>`)
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
