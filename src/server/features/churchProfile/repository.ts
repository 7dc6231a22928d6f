// All SQL of the church profile: one row, id 1.
import type { ChurchProfileTable } from '../../db/tables'
import type { Db } from '../../db/tables'

export const PROFILE_ID = 1

export type ProfileFields = Omit<ChurchProfileTable, 'id' | 'logo'>

const FIELDS = [
  'name_am',
  'name_en',
  'name_om',
  'address',
  'phone',
  'po_box',
  'currency',
  'signatory_name',
  'signatory_title',
  'standing_kind',
  'standing_months',
  'logo_type',
  'logo_version',
  'id_card_languages',
  'public_url',
  'updated_at',
] as const

/** The saved profile without the logo's bytes, or undefined before the first save. */
export function readProfile(db: Db): Promise<ProfileFields | undefined> {
  return db
    .selectFrom('church_profile')
    .select(FIELDS)
    .where('id', '=', PROFILE_ID)
    .executeTakeFirst()
}

export function readLogo(
  db: Db,
): Promise<
  { logo: Uint8Array | null; logo_type: string | null; logo_version: string | null } | undefined
> {
  return db
    .selectFrom('church_profile')
    .select(['logo', 'logo_type', 'logo_version'])
    .where('id', '=', PROFILE_ID)
    .executeTakeFirst()
}

/** Writes the whole row (inserted on the first save); logo undefined leaves the bytes alone. */
export async function saveProfile(
  db: Db,
  fields: ProfileFields,
  logo: Uint8Array | null | undefined,
): Promise<void> {
  const values = { ...fields, ...(logo === undefined ? {} : { logo }) }
  await db
    .insertInto('church_profile')
    .values({ id: PROFILE_ID, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute()
}
