import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { RouteOptions } from 'fastify'
import { DOCS_PREFIX, OPENAPI_PATH } from './plugins/apiDocs'
import { testAppPerFile } from './testing/testApp'

const routes: RouteOptions[] = []
const { ctx } = testAppPerFile({}, { onRoute: (route) => routes.push(route) })

interface RouteSchema {
  body?: unknown
  params?: unknown
  response?: Record<string, unknown>
  hide?: boolean
  'x-body'?: string
}

/** Every route of the app but the HEAD twins Fastify adds and the docs page's own files. */
function apiRoutes() {
  return routes.flatMap((route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (route.url.startsWith(`${DOCS_PREFIX}/`) || route.url === DOCS_PREFIX) return []
    return methods
      .filter((method) => method !== 'HEAD')
      .map((method) => ({ method, url: route.url, schema: route.schema as RouteSchema }))
  })
}

/** The OpenAPI document, checked by @seriousme/openapi-schema-validator's own command. */
function validate(document: unknown): { valid: boolean; errors?: unknown } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-')), 'openapi.json')
  fs.writeFileSync(file, JSON.stringify(document))
  try {
    const cli = path.join(process.cwd(), 'node_modules/.bin/validate-api')
    // It exits 1 for an invalid document, printing the same JSON verdict.
    const run = spawnSync(cli, [file], { encoding: 'utf8' })
    return JSON.parse(run.stdout) as { valid: boolean; errors?: unknown }
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true })
  }
}

describe('the API reference', () => {
  it('serves a valid OpenAPI 3 document without sign-in', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH })
    expect(res.statusCode).toBe(200)
    const document = res.json<{ openapi: string; paths: Record<string, unknown> }>()
    expect(document.openapi).toMatch(/^3\./)
    expect(validate(document)).toEqual({ valid: true })
    // A schema, not data: no member, account or token of this database in it.
    expect(res.body).not.toMatch(/"token"\s*:\s*"ey/)
  })

  it('says when a document is not valid OpenAPI (the check can fail)', () => {
    expect(validate({ openapi: '3.1.0', paths: {} }).valid).toBe(false)
  })

  it('gives every route request and response schemas, and lists it in the document', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH })).json<{
      paths: Record<string, Record<string, unknown>>
    }>()
    const listed = apiRoutes()
    expect(listed.length).toBeGreaterThan(50)
    const missing: string[] = []
    for (const { method, url, schema } of listed) {
      const route = `${method} ${url}`
      if (!schema?.response || !Object.keys(schema.response).some((code) => /^[23]/.test(code)))
        missing.push(`${route}: schema.response with its 2xx answer (plugins/schemas.ts answers())`)
      if (/[:*]/.test(url) && !schema?.params)
        missing.push(`${route}: schema.params for its path parameters (idParams())`)
      if (['POST', 'PUT', 'PATCH'].includes(method) && !schema?.body && !schema?.['x-body'])
        missing.push(`${route}: schema.body, or ...NO_BODY when it reads no body`)
      if (schema?.hide) missing.push(`${route}: hidden from the reference (schema.hide)`)
      const openapiPath = url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')
      if (!schema?.hide && !document.paths[openapiPath]?.[method.toLowerCase()])
        missing.push(`${route}: not in ${OPENAPI_PATH}`)
    }
    // A new route: give it schemas as docs/architecture.md's "A route's schemas" shows.
    expect(missing).toEqual([])
  })

  it('serves the browsable docs from this origin under the app CSP', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/` })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1])
    expect(scripts.length).toBeGreaterThan(0)
    // No CDN and no inline script: every script is a file of this server, and it answers.
    expect(page.body).not.toMatch(/<script(?![^>]*src=)[^>]*>\s*\S/)
    for (const src of scripts) {
      expect(src).not.toMatch(/^(https?:)?\/\//)
      const url = new URL(src, `http://localhost${DOCS_PREFIX}/`).pathname
      const script = await ctx.app.inject({ method: 'GET', url })
      expect(script.statusCode).toBe(200)
    }
    const initializer = await ctx.app.inject({
      method: 'GET',
      url: `${DOCS_PREFIX}/static/swagger-initializer.js`,
    })
    expect(initializer.body).toContain('validatorUrl: null')
  })
})
