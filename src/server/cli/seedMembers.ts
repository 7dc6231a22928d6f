// Realistic demo members (Ethiopian names in Ge'ez and Latin script, towns, +251 phones,
// ministries, dates), written in large batches for `npm run seed` and `npm run bench`.
import {
  buildSearchText,
  CONTACT_METHODS,
  EDUCATION_LEVELS,
  emptyMemberInput,
  MARITAL_STATUSES,
  type MemberInput,
  MINISTRIES,
  SEARCH_TEXT_VERSION,
  SPIRITUAL_GIFTS,
  VOLUNTEER_AVAILABILITIES,
} from '../../domain'
import { CompiledQuery, sql } from 'kysely'
import { on } from 'node:events'
import path from 'node:path'
import { isPostgres } from '../db/portable'
import { startTypeScriptWorker } from '../platform/typeScriptWorker'
import type { Db, NewMemberRow } from '../db/tables'
// The columns that migration added: a database migrated only up to before it has none of them.
import { NEW_COLUMNS as ETHIOPIAN_COLUMNS } from '../db/migrations/2026_11_26_0501_ethiopian_member_fields'
import { inputToColumns } from '../features/members'

/** [Latin, Ge'ez] spellings, from "Latin Ge'ez, …" text. */
type Name = readonly [string, string]
const names = (text: string): Name[] =>
  text
    .split(',')
    .map((pair) => pair.trim().split(' '))
    .map(([latin, geez]) => [latin, geez] as const)

const MALE = names(`Abebe አበበ, Kebede ከበደ, Tesfaye ተስፋዬ, Dawit ዳዊት, Yohannes ዮሐንስ,
  Solomon ሰለሞን, Getachew ጌታቸው, Haile ኃይሌ, Mulugeta ሙሉጌታ, Girma ግርማ, Tadesse ታደሰ,
  Bekele በቀለ, Alemayehu ዓለማየሁ, Desta ደስታ, Berhanu ብርሃኑ, Mesfin መስፍን, Yonas ዮናስ,
  Samuel ሳሙኤል, Biniam ቢንያም, Natnael ናትናኤል, Eyob ኢዮብ, Tewodros ቴዎድሮስ, Amanuel አማኑኤል,
  Fikru ፍቅሩ, Lemma ለማ, Gemechu ገመቹ, Chala ጫላ, Tolosa ቶሎሳ, Abdisa አብዲሳ, Lencho ለንጮ,
  Worku ወርቁ, Asfaw አስፋው`)
const FEMALE = names(`Almaz አልማዝ, Tigist ትዕግስት, Meron ሜሮን, Hirut ሂሩት, Selam ሰላም,
  Mekdes መቅደስ, Bethlehem ቤተልሔም, Kidist ቅድስት, Saba ሳባ, Liya ሊያ, Hana ሐና, Ruth ሩት,
  Martha ማርታ, Tsion ጽዮን, Eden ኤደን, Frehiwot ፍሬሕይወት, Genet ገነት, Aster አስቴር, Mulu ሙሉ,
  Yeshi የሺ, Chaltu ጫልቱ, Lensa ለንሳ, Obse ኦብሴ, Hawi ሀዊ, Birtukan ብርቱካን, Rahel ራሔል`)
/** City and region (state). */
const TOWNS = `Addis Ababa/Addis Ababa, Adama/Oromia, Hawassa/Sidama, Bahir Dar/Amhara,
  Gondar/Amhara, Mekelle/Tigray, Dire Dawa/Dire Dawa, Jimma/Oromia, Dessie/Amhara,
  Harar/Harari, Nekemte/Oromia, Arba Minch/South Ethiopia, Shashemene/Oromia,
  Debre Birhan/Amhara, Bishoftu/Oromia, Wolaita Sodo/South Ethiopia`
  .split(',')
  .map((town) => town.trim().split('/') as [string, string])
const list = (text: string): string[] => text.split(',').map((item) => item.trim())
const STREETS = list('Bole Road, Churchill Avenue, Piassa, Kazanchis, Megenagna, Arat Kilo, Sarbet')
const CONDITIONS = list('Asthma, Diabetes, Hypertension, Peanut allergy, Penicillin')
const SKILLS = list(
  'Accounting, Carpentry, Teaching, Nursing, Driving, IT support, Tailoring, Music',
)
const CHURCHES = list('Mekane Yesus Bole, Meserete Kristos Adama, Kale Heywet Hawassa, Mulu Wongel')
const INTERESTS = list('Ushering, Bible study, Coffee ceremony, Sound desk, Prison visits, Choir')
const JOBS = list('Teacher, Merchant, Engineer, Student, Doctor, Government Worker, Farmer')
const RELATIONS = list('Mother, Sister, Brother, Spouse, Uncle')
const SUB_CITIES = list('Bole, Yeka, Kirkos, Arada, Lideta, Kolfe Keranio, Nifas Silk-Lafto')
/** [Latin, Ge'ez] baptismal names and parishes (Orthodox practice). */
const CHRISTIAN_NAMES = names(`Gebre-Mariam ገብረ-ማርያም, Wolde-Giorgis ወልደ-ጊዮርጊስ,
  Haile-Mikael ኃይለ-ሚካኤል, Welette-Mariam ወለተ-ማርያም, Amete-Selassie አመተ-ሥላሴ`)
const PARISHES = list('Bole Medhane Alem, Kidist Mariam, Kidus Giorgis, Kidist Selassie')
const STATUSES: readonly (readonly [string, number])[] = [
  ['member', 60],
  ['regularAttendee', 15],
  ['visitor', 10],
  ['pending', 5],
  ['inactive', 7],
  ['transferred', 3],
]

/** mulberry32: a small deterministic generator, so a seed always produces the same members. */
export function randomSource(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]
  const some = <T>(items: readonly T[], max: number): T[] => {
    const chosen = new Set<T>()
    for (let i = int(0, max); i > 0; i -= 1) chosen.add(pick(items))
    return [...chosen]
  }
  return { next, int, pick, some }
}
export type Random = ReturnType<typeof randomSource>

function date(random: Random, fromYear: number, toYear: number): string {
  const month = random.int(1, 12)
  const day = random.int(1, 28)
  return `${random.int(fromYear, toYear)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

function phone(random: Random): string {
  const prefix = random.next() < 0.8 ? '9' : '7'
  return `+251${prefix}${String(random.int(10_000_000, 99_999_999))}`
}

function weighted(random: Random, options: readonly (readonly [string, number])[]): string {
  let roll = random.next() * options.reduce((sum, [, weight]) => sum + weight, 0)
  for (const [value, weight] of options) {
    roll -= weight
    if (roll < 0) return value
  }
  return options[0][0]
}

/** One plausible member. About a third are written in Ge'ez script. */
export function fakeMember(random: Random): MemberInput {
  const female = random.next() < 0.5
  const geez = random.next() < 0.3 ? 1 : 0
  const first = random.pick(female ? FEMALE : MALE)
  const father = random.pick(MALE)
  const grandfather = random.pick(MALE)
  const [city, state] = random.pick(TOWNS)
  const born = date(random, 1945, 2012)
  const married = random.next() < 0.55
  const spouse = random.pick(female ? MALE : FEMALE)
  return {
    ...emptyMemberInput(),
    first_name: first[geez],
    middle_name: father[geez],
    last_name: grandfather[geez],
    gender: female ? 'female' : 'male',
    date_of_birth: born,
    marital_status: married ? 'married' : random.pick(MARITAL_STATUSES).key,
    nationality: 'Ethiopia',
    job: random.pick(JOBS),
    phone_primary: phone(random),
    phone_secondary: random.next() < 0.3 ? phone(random) : null,
    email:
      random.next() < 0.6
        ? `${first[0]}.${father[0]}${random.int(1, 999)}@example.et`.toLowerCase()
        : null,
    street_address: `${random.pick(STREETS)} ${random.int(1, 250)}`,
    city,
    state,
    zip_code: random.next() < 0.5 ? String(random.int(1000, 9999)) : null,
    emergency_contact_name: `${random.pick(FEMALE)[geez]} ${father[geez]}`,
    emergency_contact_relationship: random.pick(RELATIONS),
    emergency_contact_phone: phone(random),
    spouse_name: married ? `${spouse[geez]} ${random.pick(MALE)[geez]}` : null,
    children_info: married
      ? random.some(
          [...MALE, ...FEMALE].map((n) => n[geez]),
          3,
        )
      : [],
    parent_guardian: `${father[geez]} ${grandfather[geez]}`,
    membership_status: weighted(random, STATUSES) as MemberInput['membership_status'],
    date_joined: date(random, 1990, 2025),
    baptism_date: date(random, Math.min(2025, Math.max(1990, Number(born.slice(0, 4)) + 12)), 2025),
    baptism_location: random.next() < 0.5 ? `${city} river` : null,
    previous_church: random.next() < 0.3 ? random.pick(CHURCHES) : null,
    spiritual_gifts: random.some(
      SPIRITUAL_GIFTS.map((g) => g.key),
      2,
    ),
    service_interests: random.some(INTERESTS, 2),
    current_ministries: [
      random.pick(MINISTRIES).key,
      ...random.some(
        MINISTRIES.map((m) => m.key),
        1,
      ),
    ].filter((key, index, all) => all.indexOf(key) === index),
    volunteer_availability: random.pick(VOLUNTEER_AVAILABILITIES).key,
    bible_study_participation: random.next() < 0.4,
    medical_conditions: random.next() < 0.15 ? [random.pick(CONDITIONS)] : [],
    professional_skills: random.some(SKILLS, 2),
    highest_education: random.pick(EDUCATION_LEVELS).key,
    preferred_contact_method: random.pick(CONTACT_METHODS).key,
    notes: random.next() < 0.1 ? 'Sings in the choir on Sundays' : null,
    // Derived from values drawn above rather than new draws, so a seed keeps its old members.
    ...ethiopianFields(first, father, grandfather, geez, city, born),
  }
}

function ethiopianFields(
  first: Name,
  father: Name,
  grandfather: Name,
  geez: number,
  city: string,
  born: string,
): Partial<MemberInput> {
  const day = Number(born.slice(8, 10))
  const month = Number(born.slice(5, 7))
  const christian = month % 3 === 0 ? CHRISTIAN_NAMES[day % CHRISTIAN_NAMES.length] : undefined
  const inAddis = city === 'Addis Ababa'
  return {
    latin_name: geez ? `${first[0]} ${father[0]} ${grandfather[0]}` : null,
    sub_city: inAddis ? SUB_CITIES[day % SUB_CITIES.length] : null,
    woreda: day % 2 === 0 ? String(1 + (day % 14)).padStart(2, '0') : null,
    kebele: day % 2 === 0 ? String(1 + (month % 20)).padStart(2, '0') : null,
    house_number: day % 4 === 0 ? String(100 + day * month) : null,
    christian_name: christian ? christian[geez].replace('-', ' ') : null,
    confession_father: christian ? `Aba ${MALE[(day + month) % MALE.length][0]}` : null,
    parish: christian ? PARISHES[month % PARISHES.length] : null,
  }
}

/**
 * Whether members has a column (search_text_version from migration 0501, the Ethiopian fields
 * from 2026_11_26_0501): tests of older migrations seed a database migrated only up to theirs.
 */
async function hasColumn(
  db: Db,
  column: 'search_text_version' | 'latin_name' | 'external_id',
): Promise<boolean> {
  try {
    await db.selectFrom('members').select(column).limit(1).execute()
    return true
  } catch {
    return false
  }
}

// 500 rows × 60 columns stays under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters.
const ROWS_PER_INSERT = 500
const ROWS_PER_TRANSACTION = 10_000

export interface SeedOptions {
  ownerId: number
  ownerName: string
  count: number
  seed?: number
  onProgress?: (done: number) => void
  /** SQLite: write in bulk (see BULK_SEED_FROM) whatever the count; tests use it on a few. */
  bulk?: boolean
}

/**
 * From this many members on, a SQLite seed is one bulk transaction: the text indexes' triggers
 * are set aside and each index is built once at the end (decision 0116). Smaller seeds write
 * through the triggers as every other write does.
 */
export const BULK_SEED_FROM = 50_000

/** What a seed's rows are drawn from (the columns follow the database's migrations). */
export interface RowOptions {
  ownerId: number
  ownerName: string
  seed: number
  /** members has search_text_version (migration 0501) and the Ethiopian fields (2026_11_26_0501). */
  versioned: boolean
  ethiopian: boolean
  /** members has external_id (migration 2026_11_29_0601). */
  externalId: boolean
}

/** The seed's members as rows, one per call, in the order the seed draws them. */
export function memberRows(options: RowOptions): (now: string) => NewMemberRow {
  const random = randomSource(options.seed)
  return (now) => {
    const input = fakeMember(random)
    const columns: Partial<NewMemberRow> = inputToColumns(input)
    if (!options.ethiopian) for (const column of ETHIOPIAN_COLUMNS) delete columns[column]
    if (!options.externalId) delete columns.external_id
    return {
      ...(columns as ReturnType<typeof inputToColumns>),
      owner_user_id: options.ownerId,
      registerd_by: options.ownerName,
      search_text: buildSearchText(input),
      ...(options.versioned ? { search_text_version: SEARCH_TEXT_VERSION } : {}),
      created_at: now,
      updated_at: now,
    }
  }
}

/** What the owner's rows are drawn from, with the columns this database's members have. */
export async function rowOptionsFor(db: Db, options: SeedOptions): Promise<RowOptions> {
  return {
    ownerId: options.ownerId,
    ownerName: options.ownerName,
    seed: options.seed ?? 20261122,
    versioned: await hasColumn(db, 'search_text_version'),
    ethiopian: await hasColumn(db, 'latin_name'),
    externalId: await hasColumn(db, 'external_id'),
  }
}

/** Inserts `count` members for one owner in batched transactions; returns how many. */
export async function seedMembers(db: Db, options: SeedOptions): Promise<number> {
  const rowOptions = await rowOptionsFor(db, options)
  if (!isPostgres(db) && (options.bulk ?? options.count >= BULK_SEED_FROM))
    return bulkSeedSqlite(db, options, rowOptions)
  const row = memberRows(rowOptions)
  let done = 0
  while (done < options.count) {
    const inTransaction = Math.min(ROWS_PER_TRANSACTION, options.count - done)
    await db.transaction().execute(async (trx) => {
      for (let offset = 0; offset < inTransaction; offset += ROWS_PER_INSERT) {
        const rows: NewMemberRow[] = []
        const now = new Date().toISOString()
        for (let i = 0; i < Math.min(ROWS_PER_INSERT, inTransaction - offset); i += 1) {
          rows.push(row(now))
        }
        await trx.insertInto('members').values(rows).execute()
      }
    })
    done += inTransaction
    options.onProgress?.(done)
  }
  return done
}

/**
 * SQLite, many members: one transaction in which the FTS5 triggers are dropped, the rows go
 * in as one prepared multi-row insert reused for every batch, each text index is rebuilt once
 * from the table, and the triggers are created again from their stored SQL. Updating a
 * trigram index row by row costs as much as the rest of the seed together; the rebuild reads
 * each text once. The rows are drawn in a worker thread meanwhile (seedRowsWorker.ts). A
 * failure rolls everything back, the triggers included.
 */
async function bulkSeedSqlite(db: Db, options: SeedOptions, rowOptions: RowOptions) {
  const rows = drawRowsInWorker({ ...rowOptions, count: options.count, batchSize: ROWS_PER_INSERT })
  try {
    return await db.transaction().execute(async (trx) => {
      const triggers = await sql<{ name: string; sql: string }>`select name, sql
        from sqlite_master where type = 'trigger' and tbl_name = 'members'
          and (name glob 'members_fts_*' or name glob 'members_name_fts_*')`.execute(trx)
      for (const trigger of triggers.rows) {
        await sql`drop trigger ${sql.id(trigger.name)}`.execute(trx)
      }
      let statement = ''
      let done = 0
      for await (const { rows: batch, columns, parameters } of rows.batches()) {
        const tuple = `(${columns.map(() => '?').join(', ')})`
        // Every full batch has the same text, so the statement cache prepares it once.
        if (batch !== ROWS_PER_INSERT || !statement) {
          statement = `insert into members (${columns.map((c) => `"${c}"`).join(', ')}) values ${Array.from({ length: batch }, () => tuple).join(', ')}`
        }
        await trx.executeQuery(CompiledQuery.raw(statement, parameters))
        done += batch
        if (done % ROWS_PER_TRANSACTION === 0 || done === options.count) options.onProgress?.(done)
      }
      // Both indexes read their texts from views (migration 2026_11_27_1001).
      const tables = await sql<{ name: string }>`select name from sqlite_master
        where type = 'table' and name in ('members_fts', 'members_name_fts')`.execute(trx)
      for (const { name } of tables.rows) {
        await sql`insert into ${sql.table(name)}(${sql.table(name)}) values ('rebuild')`.execute(
          trx,
        )
      }
      for (const trigger of triggers.rows) await sql.raw(trigger.sql).execute(trx)
      return done
    })
  } finally {
    await rows.stop()
  }
}

export interface DrawOptions extends RowOptions {
  count: number
  batchSize: number
  /** How many batches the worker may draw before the first is used. */
  ahead: number
  /** Each batch as one JSON array of row objects (PostgreSQL's json_populate_recordset). */
  json?: boolean
}

/**
 * One insert's worth: the column names and every row's values in their order, or (`json`) the
 * rows as one JSON array of objects.
 */
export interface RowBatch {
  rows: number
  columns: string[]
  parameters: unknown[]
  json?: string
}

/**
 * The rows of a bulk seed drawn in a worker thread while this one inserts them: drawing a
 * member and its search text costs about as much as inserting it (decision 0132).
 */
export function drawRowsInWorker(options: Omit<DrawOptions, 'ahead'>) {
  const started = startTypeScriptWorker(path.join(__dirname, 'seedRowsWorker.ts'), {
    ...options,
    ahead: 4,
  })
  // Its failure is reported where the rows are awaited, not as an unhandled rejection.
  started.catch(() => undefined)
  return {
    async *batches(): AsyncGenerator<RowBatch> {
      const worker = await started
      let received = 0
      for await (const [batch] of on(worker, 'message', { close: ['exit'] })) {
        const rows = batch as RowBatch
        received += rows.rows
        worker.postMessage('more')
        yield rows
        if (received >= options.count) return
      }
      throw new Error(`The seed's row worker stopped after ${received} of ${options.count} rows`)
    },
    stop: async () => (await started).terminate(),
  }
}
