import type { Db } from '../db/tables'

/** The details of every history event of one action, oldest first, parsed. */
export async function historyDetails(db: Db, action: string): Promise<Record<string, unknown>[]> {
  const events = await db
    .selectFrom('audit_events')
    .select('details')
    .where('action', '=', action)
    .orderBy('seq')
    .execute()
  return events.map((event) => JSON.parse(event.details) as Record<string, unknown>)
}
