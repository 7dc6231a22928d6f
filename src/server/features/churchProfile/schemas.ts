// Request and response shapes of /api/church (issue 46).
import {
  CHURCH_TEXT_FIELDS,
  CHURCH_TEXT_LIMITS,
  type ChurchTextField,
  ID_CARD_LANGUAGES,
  type IdCardLanguages,
  MAX_PUBLIC_URL,
  type StandingRule,
} from '../../../domain'

export { CHURCH_TEXT_FIELDS } from '../../../domain'
export type { ChurchProfile } from '../../../domain'

/** A logo as the client sends it: a base64 data URL of a PNG, JPEG or WebP image. */
export const MAX_LOGO_DATA_URL = 900_000

/** PUT /api/church's body: any of the fields; logo null removes it. */
export type ChurchProfileUpdate = Partial<Record<ChurchTextField, string>> & {
  currency?: string
  good_standing?: StandingRule
  logo?: string | null
  id_card_languages?: IdCardLanguages
  public_url?: string
}

/** The good-standing rule, as a PUT sends it and every answer carries it. */
const goodStanding = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'months'],
  properties: {
    kind: { type: 'string', enum: ['max_unpaid', 'last_paid'] },
    months: { type: 'integer', minimum: 0, maximum: 120 },
  },
} as const

export const churchUpdateBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...Object.fromEntries(
      CHURCH_TEXT_FIELDS.map((field) => [
        field,
        { type: 'string', maxLength: CHURCH_TEXT_LIMITS[field] },
      ]),
    ),
    currency: { type: 'string', pattern: '^[A-Za-z]{3}$' },
    good_standing: goodStanding,
    logo: { type: ['string', 'null'], maxLength: MAX_LOGO_DATA_URL },
    id_card_languages: { type: 'string', enum: ID_CARD_LANGUAGES },
    // Longer than its limit: the service refuses an over-long one with its field code.
    public_url: {
      type: 'string',
      maxLength: 2000,
      description: `An http(s) origin of at most ${MAX_PUBLIC_URL} characters; '' for none`,
    },
  },
} as const

/** GET and PUT /api/church's answer (ChurchProfile above). */
export const churchProfileAnswer = {
  type: 'object',
  required: [
    ...CHURCH_TEXT_FIELDS,
    'currency',
    'good_standing',
    'logo_url',
    'id_card_languages',
    'public_url',
    'updated_at',
  ],
  properties: {
    ...Object.fromEntries(CHURCH_TEXT_FIELDS.map((field) => [field, { type: 'string' }])),
    currency: { type: 'string', description: 'ISO 4217 code' },
    good_standing: goodStanding,
    logo_url: { type: ['string', 'null'], description: "The logo's address, or null" },
    id_card_languages: { type: 'string', enum: ID_CARD_LANGUAGES },
    public_url: {
      type: 'string',
      description: "The origin receipts' QR codes point at; '' for the page's own",
    },
    updated_at: { type: ['string', 'null'], description: 'Null while the defaults stand' },
  },
  additionalProperties: false,
} as const
