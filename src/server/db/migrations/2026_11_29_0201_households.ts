import { type Kysely, sql } from 'kysely'
import { isPostgres, withIdColumn } from '../portable'
import { createIndexes } from './shared'

// Frozen in time: never edit a migration that has shipped; add a new one.
//
// Households (issue 44): a family owned by an account like its members, and each member's
// household and role. Ids are never reused (AUTOINCREMENT on SQLite, identity on PostgreSQL,
// as members): a later dues table can keep a household's id after the household is gone.
const TEXT_COLUMNS = [
  'state',
  'city',
  'sub_city',
  'woreda',
  'kebele',
  'house_number',
  'street_address',
  'zip_code',
  'home_phone',
  'notes',
]

export async function up(db: Kysely<any>): Promise<void> {
  let table = withIdColumn(db, db.schema.createTable('households'))
    // restrict, as members: an account with households is transferred before it is removed.
    .addColumn('owner_user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('restrict'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('number', 'varchar(40)')
  for (const name of TEXT_COLUMNS) table = table.addColumn(name, 'text')
  await table
    .addColumn('wedding_date', 'varchar(10)')
    .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('active'))
    .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('created_by', 'varchar(100)')
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_by', 'varchar(100)')
    .execute()
  await createIndexes(db, 'households', {
    // A parish's family card number names one household; many have none (NULLs never collide).
    households_number: { unique: ['number'] },
    // The list: an owner's households, newest first, read by keyset on id.
    households_owner_id: ['owner_user_id', 'id'],
  })
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db)
    await sql`create index households_search_trgm on households
      using gin (search_text gin_trgm_ops)`.execute(db)
  }

  await db.schema
    .alterTable('members')
    .addColumn('household_id', 'integer', (col) =>
      col.references('households.id').onDelete('set null'),
    )
    .execute()
  await db.schema.alterTable('members').addColumn('household_role', 'varchar(16)').execute()
  await db.schema.createIndex('members_household').on('members').column('household_id').execute()
  // At most one head per household, held by the database against two requests at once.
  await sql`create unique index members_household_head on members (household_id)
    where household_role = 'head'`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('members_household_head').execute()
  await db.schema.dropIndex('members_household').execute()
  await db.schema.alterTable('members').dropColumn('household_role').execute()
  await db.schema.alterTable('members').dropColumn('household_id').execute()
  await db.schema.dropTable('households').execute()
}
