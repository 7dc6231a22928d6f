// The church profile's use cases: read it (any signed-in account), change it (admins).
import crypto from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import {
  checkPublicUrl,
  type ChurchTextField,
  DEFAULT_ID_CARD_LANGUAGES,
  DEFAULT_STANDING_RULE,
  hasControlCharacter,
  isIdCardLanguages,
  isStandingRule,
  type StandingRule,
} from '../../../domain'
import type { Db } from '../../db/tables'
import { ApiError } from '../../plugins/errors'
import { PHOTO_DECODES } from '../../platform/photos'
import type { WorkQueue } from '../../platform/workQueue'
import { type Actor, memberChanges, recordEvent } from '../history'
import { type ProfileFields, readLogo, readProfile, saveProfile } from './repository'
import { CHURCH_TEXT_FIELDS, type ChurchProfile, type ChurchProfileUpdate } from './schemas'

export interface ChurchDefaults {
  /** CHURCH_NAME: the name in all three languages until an admin saves the profile. */
  churchName?: string
}

export const LOGO_EDGE = 512
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp'])
const DATA_URL = /^data:image\/(?:png|jpeg|webp);base64,([A-Za-z0-9+/]+={0,2})$/
export const LOGO_INVALID = 'The logo must be a PNG, JPEG or WebP image'

/** Each of the church's text fields (the domain's one list of them), valued by `value`. */
const eachText = (value: (field: ChurchTextField) => string) =>
  Object.fromEntries(CHURCH_TEXT_FIELDS.map((field) => [field, value(field)])) as Record<
    ChurchTextField,
    string
  >

function defaultFields(defaults: ChurchDefaults): ProfileFields {
  const name = defaults.churchName ?? ''
  return {
    ...eachText(() => ''),
    name_am: name,
    name_en: name,
    name_om: name,
    currency: 'ETB',
    standing_kind: DEFAULT_STANDING_RULE.kind,
    standing_months: DEFAULT_STANDING_RULE.months,
    logo_type: null,
    logo_version: null,
    id_card_languages: DEFAULT_ID_CARD_LANGUAGES,
    public_url: '',
    updated_at: '',
  }
}

export function standingRuleOf(fields: Pick<ProfileFields, 'standing_kind' | 'standing_months'>) {
  const rule = { kind: fields.standing_kind, months: Number(fields.standing_months) }
  return isStandingRule(rule) ? rule : DEFAULT_STANDING_RULE
}

function toProfile(fields: ProfileFields): ChurchProfile {
  return {
    ...eachText((field) => fields[field]),
    currency: fields.currency,
    good_standing: standingRuleOf(fields),
    logo_url: fields.logo_version ? `/api/church/logo?v=${fields.logo_version}` : null,
    id_card_languages: isIdCardLanguages(fields.id_card_languages)
      ? fields.id_card_languages
      : DEFAULT_ID_CARD_LANGUAGES,
    public_url: fields.public_url,
    updated_at: fields.updated_at || null,
  }
}

async function currentFields(db: Db, defaults: ChurchDefaults): Promise<ProfileFields> {
  return (await readProfile(db)) ?? defaultFields(defaults)
}

export async function getChurchProfile(db: Db, defaults: ChurchDefaults): Promise<ChurchProfile> {
  return toProfile(await currentFields(db, defaults))
}

/** The church's currency and good-standing rule, which dues need. */
export async function duesSettings(db: Db): Promise<DuesSettings> {
  return duesSettingsOf(await readProfile(db))
}

export interface DuesSettings {
  currency: string
  rule: StandingRule
}

/** The same from the profile's fields as read with other rows (none saved: the defaults). */
export function duesSettingsOf(
  fields: Pick<ProfileFields, 'currency' | 'standing_kind' | 'standing_months'> | null | undefined,
): DuesSettings {
  return {
    currency: fields?.currency ?? 'ETB',
    rule: fields ? standingRuleOf(fields) : DEFAULT_STANDING_RULE,
  }
}

/** Any ISO 4217 code the runtime knows. */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code)
}

/**
 * A data URL's image re-encoded as a PNG of at most 512 px; metadata is dropped. It decodes in
 * the photos' queue, which bounds the decodes (memory, cores) the server runs at once.
 */
export async function processLogo(
  dataUrl: string,
  decodes: WorkQueue = PHOTO_DECODES,
): Promise<Buffer> {
  const match = DATA_URL.exec(dataUrl)
  if (!match) throw new ApiError(400, LOGO_INVALID, { logo: 'invalidValue' })
  const bytes = Buffer.from(match[1], 'base64')
  const type = await fileTypeFromBuffer(bytes).catch(() => undefined)
  if (!type || !LOGO_TYPES.has(type.mime))
    throw new ApiError(400, LOGO_INVALID, { logo: 'invalidValue' })
  return decodes.run(() =>
    sharp(bytes, { failOn: 'error', limitInputPixels: 40_000_000 })
      .resize({ width: LOGO_EDGE, height: LOGO_EDGE, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer()
      .catch(() => {
        throw new ApiError(400, LOGO_INVALID, { logo: 'invalidValue' })
      }),
  )
}

/** Saves the fields given (others stay), with one history event naming what changed. */
export async function updateChurchProfile(
  db: Db,
  actor: Actor,
  update: ChurchProfileUpdate,
  defaults: ChurchDefaults,
): Promise<ChurchProfile> {
  const errors: Record<string, string> = {}
  // One line each but the address, as they print on receipts, ID cards and reports.
  for (const field of CHURCH_TEXT_FIELDS) {
    const text = update[field]
    if (text !== undefined && hasControlCharacter(text, field === 'address')) {
      errors[field] = 'invalidValue'
    }
  }
  const currency = update.currency?.toUpperCase()
  if (currency !== undefined && !isCurrencyCode(currency)) errors.currency = 'invalidValue'
  if (update.good_standing !== undefined && !isStandingRule(update.good_standing)) {
    errors.good_standing = 'invalidValue'
  }
  if (update.id_card_languages !== undefined && !isIdCardLanguages(update.id_card_languages)) {
    errors.id_card_languages = 'invalidValue'
  }
  const publicUrl = update.public_url === undefined ? undefined : checkPublicUrl(update.public_url)
  if (publicUrl && 'error' in publicUrl) errors.public_url = publicUrl.error
  if (Object.keys(errors).length > 0) throw new ApiError(400, 'Validation failed', errors)
  const logo =
    update.logo === undefined
      ? undefined
      : update.logo === null
        ? null
        : await processLogo(update.logo)

  return db.transaction().execute(async (trx) => {
    const before = await currentFields(trx, defaults)
    const after: ProfileFields = { ...before, updated_at: new Date().toISOString() }
    for (const field of CHURCH_TEXT_FIELDS) {
      if (update[field] !== undefined) after[field] = update[field].trim()
    }
    if (currency) after.currency = currency
    if (update.good_standing) {
      after.standing_kind = update.good_standing.kind
      after.standing_months = update.good_standing.months
    }
    if (update.id_card_languages) after.id_card_languages = update.id_card_languages
    if (publicUrl && 'origin' in publicUrl) after.public_url = publicUrl.origin
    if (logo !== undefined) {
      after.logo_type = logo ? 'image/png' : null
      after.logo_version = logo ? crypto.randomBytes(8).toString('hex') : null
    }
    await saveProfile(trx, after, logo)
    const changes = memberChanges(
      { ...before, logo_type: undefined, updated_at: undefined },
      { ...after, logo_type: undefined, updated_at: undefined },
    )
    if (Object.keys(changes).length > 0) {
      await recordEvent(trx, { actor, action: 'church_update', details: { changes } })
    }
    return toProfile(after)
  })
}

export async function getChurchLogo(db: Db) {
  const row = await readLogo(db)
  return row?.logo && row.logo_version ? { bytes: row.logo, version: row.logo_version } : undefined
}
