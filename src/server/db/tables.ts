import type {
  ColumnType,
  Generated,
  Insertable,
  Kysely,
  Selectable,
  Transaction,
  Updateable,
} from 'kysely'
import type { AuditEvent } from '../../domain/audit'
import type { MemberInput } from '../../domain/member'

/** Timestamps are ISO strings on both dialects (text columns), so rows compare and sort alike. */
export interface UsersTable {
  id: Generated<number>
  username: string
  password_hash: string
  disabled: ColumnType<number, number | undefined, number>
  created_at: string
  /** admin | clerk | auditor (migration 2026_11_25_0301). */
  role: ColumnType<string, string | undefined, string>
  /** 1 after a temporary password: the account must choose its own before anything else. */
  must_change_password: ColumnType<number, number | undefined, number>
  last_login_at: ColumnType<string | null, string | null | undefined, string | null>
}

export type UserRow = Selectable<UsersTable>
export type NewUserRow = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>

/** How a member field is stored: lists as JSON array text, booleans as 0/1, enum keys as text. */
type StoredColumn<T> = T extends readonly unknown[]
  ? string
  : T extends boolean
    ? number
    : T extends string
      ? string
      : T

/** The fields of a member (src/domain/member.ts, the one list of them) as their columns. */
type StoredMemberFields = { [K in keyof MemberInput]: StoredColumn<MemberInput[K]> }

/**
 * A member row. Text columns hold the wire values; list fields are JSON array text; booleans are
 * 0/1; dates are yyyy-mm-dd text and timestamps ISO text on both engines, so nothing shifts
 * through time zones. `search_text` is the folded text that search matches (domain/searchText).
 */
export interface MembersTable extends StoredMemberFields {
  id: Generated<number>
  owner_user_id: number
  registerd_by: string | null
  transfer_date: string | null
  search_text: string
  /** The SEARCH_TEXT_VERSION that wrote search_text (older rows are rebuilt at start-up). */
  search_text_version: Generated<number>
  created_at: string
  updated_at: string
}

export type MemberRow = Selectable<MembersTable>
export type NewMemberRow = Insertable<MembersTable>
export type MemberRowUpdate = Updateable<MembersTable>

/** A member's current photo: re-encoded JPEG and thumbnail bytes, named by a random 128-bit id. */
export interface PhotosTable {
  id: string
  member_id: number
  jpeg: Uint8Array
  thumbnail: Uint8Array
  created_at: string
}

export type PhotoRow = Selectable<PhotosTable>

/**
 * How many members an account owns per membership_status ('' for none), kept by triggers on
 * members in the same transaction as each write (migration 2026_11_22_0004).
 */
export interface MemberCountsTable {
  owner_user_id: number
  membership_status: string
  n: number
}

/** Members per account and ministry, kept by triggers (migration 2026_11_26_1501). */
export interface MemberMinistryCountsTable {
  owner_user_id: number
  ministry: string
  n: number
}

/**
 * PostgreSQL only: a narrow copy of each member's owner, status and search text with its own
 * trigram index, from which text searches count their matches; kept by triggers on members
 * (migration 2026_11_25_0005).
 */
export interface MemberSearchTable {
  member_id: number
  owner_user_id: number
  membership_status: string | null
  search_text: string
}

/** SQLite only: the FTS5 trigram index over members.search_text (external content). */
export interface MembersFtsTable {
  rowid: number
  search_text: string
  members_fts: string
}

/** SQLite only: the FTS5 trigram index over each member's name line (view members_name_text). */
export interface MembersNameFtsTable {
  rowid: number
  name_line: string
  members_name_fts: string
}

/** SQLite only: an FTS5 index's vocabulary (fts5vocab 'row'): each trigram and its members. */
export interface FtsVocabTable {
  term: string
  doc: number
  cnt: number
}

/** A signed-in session: a token is valid only while the row its `jti` names exists. */
export interface SessionsTable {
  id: string
  user_id: number
  created_at: string
  expires_at: string
}

/** One event of the hash-chained history (features/history/service.ts); never updated or deleted. */
export interface AuditEventsTable extends Omit<AuditEvent, 'details'> {
  /** JSON object: changed fields with before/after, or what else the action needs. */
  details: string
  prev_hash: string
  hash: string
}

export type AuditEventRow = Selectable<AuditEventsTable>

/** The restore bin: a deleted member's full row (JSON) and photo, kept for 30 days. */
export interface DeletedMembersTable {
  member_id: number
  owner_user_id: number
  deleted_at: string
  deleted_by_id: number | null
  deleted_by_username: string | null
  row_json: string
  photo_id: string | null
  photo_jpeg: Uint8Array | null
  photo_thumbnail: Uint8Array | null
}

/**
 * An uploaded import between its preview and its commit (migration 2026_11_25_0201). columns,
 * mapping and rows are JSON text: the headers, header → field, and each row's cells as text.
 */
export interface PendingImportsTable {
  id: string
  owner_user_id: number
  calendar: string
  columns: string
  mapping: string
  rows: string
  created_at: string
  expires_at: string
  committed_at: string | null
  /** The commit's answer as JSON text, with the refused rows for the report download. */
  report: string | null
}

/** The Idempotency-Key of a POST /api/members and the member it created, per account. */
export interface MemberCreateKeysTable {
  user_id: number
  key: string
  member_id: number
  created_at: string
}

export interface Database {
  users: UsersTable
  members: MembersTable
  photos: PhotosTable
  member_counts: MemberCountsTable
  member_ministry_counts: MemberMinistryCountsTable
  members_fts: MembersFtsTable
  members_name_fts: MembersNameFtsTable
  members_name_vocab: FtsVocabTable
  members_fts_vocab: FtsVocabTable
  member_search: MemberSearchTable
  sessions: SessionsTable
  audit_events: AuditEventsTable
  deleted_members: DeletedMembersTable
  pending_imports: PendingImportsTable
  member_create_keys: MemberCreateKeysTable
}

/** What a repository function runs on: the database, or a transaction the caller holds. */
export type Db = Kysely<Database> | Transaction<Database>
