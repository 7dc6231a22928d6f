import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely'
import type { AuditEvent } from '../../domain/audit'
import type { StandingRow } from '../../domain/duesStanding'
import type { HouseholdInput } from '../../domain/household'
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
  /** The member's household and role (migration 2026_11_29_0201); null for none. */
  household_id: ColumnType<number | null, number | null | undefined, number | null>
  household_role: ColumnType<string | null, string | null | undefined, string | null>
}

export type MemberRow = Selectable<MembersTable>
export type NewMemberRow = Insertable<MembersTable>

/** A member's current photo: re-encoded JPEG and thumbnail bytes, named by a random 128-bit id. */
export interface PhotosTable {
  id: string
  member_id: number
  jpeg: Uint8Array
  thumbnail: Uint8Array
  created_at: string
}

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

/** SQLite only: the FTS5 trigram index over households.search_text (external content). */
export interface HouseholdsFtsTable {
  rowid: number
  search_text: string
  households_fts: string
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
export interface AuditEventsTable extends Omit<AuditEvent, 'details' | 'member_name'> {
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
 * mapping and rows are JSON text: the headers, the clerk's choices, and what the rows share
 * ({"parts", "columnCalendars"}; the rows are in pending_import_rows since 2026_11_29_1201).
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

/** Up to 500 rows of a pending import (migration 2026_11_29_1201), as JSON text. */
export interface PendingImportRowsTable {
  import_id: string
  part: number
  /** The rows' numbers in the file. */
  row_numbers: string
  /** Each row's cells. */
  cells: string
}

/** The Idempotency-Key of a POST /api/members and the member it created, per account. */
export interface MemberCreateKeysTable {
  user_id: number
  key: string
  member_id: number
  created_at: string
}

/**
 * The Idempotency-Key of a POST /api/admin/users, per admin (`user_id`), and the account it made:
 * a repeat issues that account a new one-time password while it is still unused.
 */
export interface AccountCreateKeysTable {
  user_id: number
  key: string
  account_id: number
  created_at: string
}

/**
 * A household (issue 44), owned by an account like its members. The address columns are named as
 * a member's are. `search_text` is the folded name, number and members' names that the list's
 * search matches; the service rewrites it whenever one of them changes.
 */
export interface HouseholdsTable extends Omit<HouseholdInput, 'status'> {
  id: Generated<number>
  owner_user_id: number
  status: string
  search_text: string
  created_at: string
  created_by: string | null
  updated_at: string
  updated_by: string | null
  /** The Idempotency-Key of the POST that created it, if it had one. */
  idempotency_key: string | null
}

export type HouseholdRow = Selectable<HouseholdsTable>
/** The church's profile (issue 46): one row, id 1, once an admin has saved it. */
export interface ChurchProfileTable {
  id: number
  name_am: string
  name_en: string
  name_om: string
  address: string
  phone: string
  po_box: string
  /** ISO 4217 code. */
  currency: string
  signatory_name: string
  signatory_title: string
  /** max_unpaid | last_paid (domain/duesLedger.ts StandingRule). */
  standing_kind: string
  standing_months: number
  logo: Uint8Array | null
  logo_type: string | null
  logo_version: string | null
  /** The ID card's language pair (domain/idCardLanguages.ts; migration 2026_11_29_1601). */
  id_card_languages: string
  /** The origin receipts' QR codes point at, '' for none (migration 2026_11_30_0401). */
  public_url: string
  updated_at: string
}

/** A fund: monthly dues under rates, or gifts of any amount (issue 46). */
export interface FundsTable {
  id: Generated<number>
  kind: string
  payer: ColumnType<string, string | undefined, string>
  name_am: string
  name_en: string
  name_om: string
  active: ColumnType<number, number | undefined, number>
  created_at: string
  updated_at: string
  /** The Idempotency-Key of the POST that created it, if it had one (unique over all funds). */
  idempotency_key: string | null
}

/** A dues fund's monthly amount (minor units) from an Ethiopian month, per category ('' standard). */
export interface FundRatesTable {
  id: Generated<number>
  fund_id: number
  category: ColumnType<string, string | undefined, string>
  from_month: string
  amount: number
  created_at: string
}

/** A member's dues settings: reduced-rate category and the office's start month. */
export interface MemberDuesTable {
  member_id: number
  category: ColumnType<string, string | undefined, string>
  start_month: string | null
  updated_at: string
}

/** A household's dues settings for per-household funds, as MemberDuesTable is a member's. */
export interface HouseholdDuesTable {
  household_id: number
  category: ColumnType<string, string | undefined, string>
  start_month: string | null
  updated_at: string
}

/** A payer's standing in a dues fund as month indexes: the domain's row (decision 0265). */
export interface DuesStandingsTable extends StandingRow {
  fund_id: number
  payer_id: number
  rate_set: string
}

/** Payers whose dues_standings rows must be worked out again (filled by triggers). */
export interface DuesStandingStaleTable {
  payer: 'member' | 'household'
  payer_id: number
}

/** Valid payments per fund and day received. */
export interface DuesDayTotalsTable {
  fund_id: number
  received_on: string
  count: number
  amount: number
}

/** Each Ethiopian year's last receipt number (decision 0190). */
export interface ReceiptCountersTable {
  year: number
  last_number: number
}

/** A payment: never edited or deleted, only voided with a reason. */
export interface PaymentsTable {
  id: Generated<number>
  fund_id: number
  member_id: number | null
  household_id: number | null
  amount: number
  currency: string
  method: string
  reference: string | null
  received_on: string
  receipt_year: number
  receipt_number: string
  verify_code: string
  recorded_by: number
  recorded_by_username: string
  idempotency_key: string | null
  created_at: string
  voided_at: ColumnType<string | null, string | null | undefined, string | null>
  voided_by: ColumnType<number | null, number | null | undefined, number | null>
  void_reason: ColumnType<string | null, string | null | undefined, string | null>
}

/** The part of a payment that pays one month; voided follows its payment. */
export interface PaymentAllocationsTable {
  payment_id: number
  fund_id: number
  member_id: number | null
  household_id: number | null
  month: string
  amount: number
  voided: ColumnType<number, number | undefined, number>
}

/** A month forgiven by the council, with its reason. */
export interface DuesWaiversTable {
  id: Generated<number>
  fund_id: number
  member_id: number | null
  household_id: number | null
  month: string
  reason: string
  created_by: number
  created_at: string
}

/** An account's closed day of payments, with its totals at closing (the cash-up). */
export interface CashDaysTable {
  recorded_by: number
  day: string
  payment_count: number
  total: number
  closed_at: string
  closed_by: number
  closed_by_username: string
}

export interface Database {
  households: HouseholdsTable
  households_fts: HouseholdsFtsTable
  households_fts_vocab: FtsVocabTable
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
  pending_import_rows: PendingImportRowsTable
  member_create_keys: MemberCreateKeysTable
  account_create_keys: AccountCreateKeysTable
  church_profile: ChurchProfileTable
  funds: FundsTable
  fund_rates: FundRatesTable
  member_dues: MemberDuesTable
  household_dues: HouseholdDuesTable
  receipt_counters: ReceiptCountersTable
  payments: PaymentsTable
  payment_allocations: PaymentAllocationsTable
  dues_waivers: DuesWaiversTable
  cash_days: CashDaysTable
  dues_standings: DuesStandingsTable
  dues_standing_stale: DuesStandingStaleTable
  dues_day_totals: DuesDayTotalsTable
}

/** What a repository function runs on: the database, or a transaction the caller holds. */
export type Db = Kysely<Database> | Transaction<Database>
