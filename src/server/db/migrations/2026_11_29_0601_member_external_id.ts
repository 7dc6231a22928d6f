import type { Kysely } from 'kysely'
import { createIndexes } from './shared'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// A member's id in the system a church moved from (issue 45: ChurchCRM's per_ID), optional text.
// Unique per account when given, checked by the member and import services rather than by a
// unique index, so that a transfer between two accounts that imported the same source never
// fails (docs/decisions/0220). The index serves that check and duplicate matching.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('members').addColumn('external_id', 'text').execute()
  await createIndexes(db, 'members', {
    members_owner_external_id: ['owner_user_id', 'external_id'],
  })
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('members_owner_external_id').execute()
  await db.schema.alterTable('members').dropColumn('external_id').execute()
}
