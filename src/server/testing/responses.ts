import type { LightMyRequestResponse } from 'fastify'

/** What every unknown API path, missing upload or non-GET page path answers: a JSON 404. */
export function expectJsonNotFound(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(404)
  expect(res.headers['content-type']).toMatch(/^application\/json/)
  expect(res.json()).toEqual({ success: false, message: 'Not found' })
}

/** A refused request: this status, answered with the API's error shape. */
export function expectRefusal(res: LightMyRequestResponse, status: number): void {
  expect(res.statusCode).toBe(status)
  expect(res.json()).toMatchObject({ success: false })
}
