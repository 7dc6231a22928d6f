import { type CreateTableBuilder, type Kysely, sql } from 'kysely'
import { isPostgres, withIdColumn } from '../portable'

// Frozen in time: never edit a migration that has shipped; add a new one.

const TEXT_COLUMNS = [
  'middle_name',
  'gender',
  'marital_status',
  'nationality',
  'job',
  'phone_primary',
  'phone_secondary',
  'email',
  'street_address',
  'city',
  'state',
  'zip_code',
  'emergency_contact_name',
  'emergency_contact_relationship',
  'emergency_contact_phone',
  'spouse_name',
  'parent_guardian',
  'membership_status',
  'baptism_location',
  'previous_church',
  'volunteer_availability',
  'regular_attendance_pattern',
  'special_needs',
  'current_prayer_requests',
  'highest_education',
  'preferred_contact_method',
  'notes',
]
// Calendar days as yyyy-mm-dd text on both engines: no time zone can shift them.
const DATE_COLUMNS = [
  'date_of_birth',
  'date_joined',
  'baptism_date',
  'confirmation_date',
  'last_attendance_date',
]
// JSON array text, e.g. '["choir","Bible study"]'.
const LIST_COLUMNS = [
  'children_info',
  'spiritual_gifts',
  'service_interests',
  'current_ministries',
  'events_attended',
  'medical_conditions',
  'allergies',
  'professional_skills',
]
const BOOLEAN_COLUMNS: [string, number][] = [
  ['bible_study_participation', 0],
  ['receive_email_notifications', 1],
  ['receive_sms_notifications', 1],
]

function addMemberColumns(table: CreateTableBuilder<'members', 'id'>) {
  // restrict, not cascade or set null: removing an account must never silently delete church
  // records or leave them owned by nobody (invisible to everyone); transfer them first.
  let t = table
    .addColumn('owner_user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('restrict'),
    )
    .addColumn('registerd_by', 'varchar(100)')
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
  for (const name of TEXT_COLUMNS) t = t.addColumn(name, 'text')
  for (const name of DATE_COLUMNS) t = t.addColumn(name, 'varchar(10)')
  for (const name of LIST_COLUMNS) {
    t = t.addColumn(name, 'text', (col) => col.notNull().defaultTo('[]'))
  }
  for (const [name, initial] of BOOLEAN_COLUMNS) {
    t = t.addColumn(name, 'integer', (col) => col.notNull().defaultTo(initial))
  }
  // An ISO timestamp, not a day: two transfers on one day still order newest first (spec 4.9).
  return t
    .addColumn('transfer_date', 'varchar(32)')
    .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db)
  await addMemberColumns(withIdColumn(db, db.schema.createTable('members'))).execute()

  // The list order of spec 4.9 (transfer_date desc, nulls last, then id desc), per owner, and
  // per owner and status for the status filter. SQLite sorts NULL lowest, so its plain desc
  // already puts them last; PostgreSQL needs it said.
  const nullsLast = pg ? sql.raw(' nulls last') : sql.raw('')
  await sql`create index members_owner_order on members
    (owner_user_id, transfer_date desc${nullsLast}, id desc)`.execute(db)
  await sql`create index members_owner_status_order on members
    (owner_user_id, membership_status, transfer_date desc${nullsLast}, id desc)`.execute(db)

  // One current photo per member; deleting the member deletes its photo.
  await db.schema
    .createTable('photos')
    .addColumn('id', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('member_id', 'integer', (col) =>
      col.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('jpeg', pg ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('thumbnail', pg ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('photos_member').unique().on('photos').column('member_id').execute()

  if (pg) {
    await sql`create extension if not exists pg_trgm`.execute(db)
    await sql`create index members_search_trgm on members using gin (search_text gin_trgm_ops)`.execute(
      db,
    )
    return
  }
  // SQLite: an FTS5 trigram index over members.search_text, kept in step by triggers. The
  // external-content table stores no second copy of the text.
  await sql`create virtual table members_fts using fts5(
    search_text, content='members', content_rowid='id', tokenize='trigram')`.execute(db)
  await sql`create trigger members_fts_insert after insert on members begin
    insert into members_fts(rowid, search_text) values (new.id, new.search_text);
  end`.execute(db)
  await sql`create trigger members_fts_delete after delete on members begin
    insert into members_fts(members_fts, rowid, search_text) values ('delete', old.id, old.search_text);
  end`.execute(db)
  // Only when the text changes: a transfer or a photo swap leaves the index alone.
  await sql`create trigger members_fts_update after update of search_text on members begin
    insert into members_fts(members_fts, rowid, search_text) values ('delete', old.id, old.search_text);
    insert into members_fts(rowid, search_text) values (new.id, new.search_text);
  end`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await sql`drop table if exists members_fts`.execute(db)
  await db.schema.dropTable('photos').execute()
  await db.schema.dropTable('members').execute()
}
