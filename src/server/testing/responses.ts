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

/** A keyed create sent again after its answer was lost: the first record, 200, marked replayed. */
export function expectReplay(first: LightMyRequestResponse, again: LightMyRequestResponse): void {
  expect([first.statusCode, again.statusCode]).toEqual([201, 200])
  expect(again.headers['idempotent-replayed']).toBe('true')
  expect(again.json()).toEqual(first.json())
}

/** One key sent five times at once: one create, and every answer names what it made. */
export async function expectOneMadeAtOnce(
  send: () => Promise<LightMyRequestResponse>,
): Promise<void> {
  const together = await Promise.all(Array.from({ length: 5 }, send))
  expect(together.filter((r) => r.statusCode === 201)).toHaveLength(1)
  expect(new Set(together.map((r) => r.json<{ id: number }>().id)).size).toBe(1)
}
