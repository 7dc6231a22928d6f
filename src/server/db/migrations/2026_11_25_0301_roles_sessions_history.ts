import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../portable'
import { createIndexes } from './shared'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// Roles (issue 25): every existing account becomes a clerk, except `admin`, the first-run
// account, which becomes an admin. Sessions: each token names a row here, so logout, a password
// change, a role change and disabling can end tokens before they expire. audit_events is the
// hash-chained history (features/history/service.ts): `seq` is given under a lock, not by a sequence,
// so a rolled-back write leaves no gap and a missing number means a removed event.
// deleted_members is the restore bin: a deleted member's row and photo, kept 30 days.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db)
  const bytes = pg ? 'bytea' : 'blob'
  await db.schema
    .alterTable('users')
    .addColumn('role', 'varchar(16)', (col) => col.notNull().defaultTo('clerk'))
    .execute()
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('users').addColumn('last_login_at', 'varchar(32)').execute()
  await sql`update users set role = 'admin' where lower(username) = 'admin'`.execute(db)

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute()

  await db.schema
    .createTable('audit_events')
    .addColumn('seq', 'integer', (col) => col.primaryKey())
    .addColumn('at', 'varchar(32)', (col) => col.notNull())
    // No foreign keys: the history outlives the accounts and members it speaks of.
    .addColumn('actor_id', 'integer')
    .addColumn('actor_username', 'varchar(100)')
    .addColumn('action', 'varchar(40)', (col) => col.notNull())
    .addColumn('member_id', 'integer')
    .addColumn('subject_user_id', 'integer')
    .addColumn('details', 'text', (col) => col.notNull())
    .addColumn('prev_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('hash', 'varchar(64)', (col) => col.notNull())
    .execute()
  await createIndexes(db, 'audit_events', {
    audit_events_member: ['member_id', 'seq'],
    audit_events_actor: ['actor_id', 'seq'],
    audit_events_action: ['action', 'seq'],
  })

  await db.schema
    .createTable('deleted_members')
    .addColumn('member_id', 'integer', (col) => col.primaryKey())
    .addColumn('owner_user_id', 'integer', (col) => col.notNull())
    .addColumn('deleted_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('deleted_by_id', 'integer')
    .addColumn('deleted_by_username', 'varchar(100)')
    .addColumn('row_json', 'text', (col) => col.notNull())
    .addColumn('photo_id', 'varchar(64)')
    .addColumn('photo_jpeg', bytes)
    .addColumn('photo_thumbnail', bytes)
    .execute()
  await createIndexes(db, 'deleted_members', { deleted_members_deleted_at: ['deleted_at'] })
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deleted_members').execute()
  await db.schema.dropTable('audit_events').execute()
  await db.schema.dropTable('sessions').execute()
  await db.schema.alterTable('users').dropColumn('last_login_at').execute()
  await db.schema.alterTable('users').dropColumn('must_change_password').execute()
  await db.schema.alterTable('users').dropColumn('role').execute()
}
