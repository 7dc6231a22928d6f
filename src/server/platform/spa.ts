import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { sendError } from '../plugins/errors'

const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg|webp|json)$/
const NEVER_CACHED = new Set(['index.html', 'login.html', 'sw.js', 'version.json'])

/**
 * Serves the built client from `staticDir`: every file precompressed (brotli or gzip, as the
 * client accepts), hashed assets immutable, index.html / sw.js / version.json always
 * revalidated, and index.html for every client route.
 */
export async function spaRoutes(app: FastifyInstance, staticDir: string) {
  const indexFile = path.join(staticDir, 'index.html')
  const built = fs.existsSync(indexFile)
  // Through the static plugin, so a client route gets index.html.br/.gz and its headers too.
  const sendIndex = (reply: FastifyReply) => {
    if (!fs.existsSync(indexFile)) return sendError(reply, 404, 'The client is being rebuilt')
    return reply.sendFile('index.html')
  }

  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      preCompressed: true,
      index: false,
      wildcard: true,
      // Else send's own "public, max-age=0" overwrites the Cache-Control chosen below.
      cacheControl: false,
      setHeaders(res, filePath) {
        // A precompressed hit is named app.0123abcd.js.br: judge it by the asset's own name.
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '')
        // The same URL may be brotli, gzip or plain: shared caches must key on the encoding.
        res.setHeader('Vary', 'Accept-Encoding')
        if (NEVER_CACHED.has(name)) res.setHeader('Cache-Control', 'no-cache')
        else if (HASHED.test(name))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
        else res.setHeader('Cache-Control', 'public, max-age=3600')
      },
    })
    // With index: false the static plugin answers "/" with 403; the root is a client route too.
    app.get('/', (_request, reply) => sendIndex(reply))
    // The sign-in page drawn at build time (docs/decisions/0125), when this build has it.
    app.get('/login', (_request, reply) =>
      fs.existsSync(path.join(staticDir, 'login.html'))
        ? reply.sendFile('login.html')
        : sendIndex(reply),
    )
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/uploads/')
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(reply, 404, 'Not found')
    }
    if (!built) return sendError(reply, 404, 'The client is not built: run `npm run build`')
    // Client routes (/members, /member/12 …): the SPA decides what to show.
    return sendIndex(reply)
  })
}
