// The church's profile as GET /api/church answers it (issue 46): one definition for the
// server's schemas and service and the client's screens.
import type { IdCardLanguages } from './idCardLanguages'
import type { StandingRule } from './duesLedger'

export const CHURCH_TEXT_LIMITS = {
  name_am: 200,
  name_en: 200,
  name_om: 200,
  address: 500,
  phone: 40,
  po_box: 40,
  signatory_name: 200,
  signatory_title: 200,
} as const

export type ChurchTextField = keyof typeof CHURCH_TEXT_LIMITS
export const CHURCH_TEXT_FIELDS = Object.keys(CHURCH_TEXT_LIMITS) as ChurchTextField[]

/** GET /api/church's answer. */
export type ChurchProfile = Record<ChurchTextField, string> & {
  currency: string
  good_standing: StandingRule
  /** The logo's address (changes with each new logo), or null for none. */
  logo_url: string | null
  /** The ID card's two languages; 'reader' lets the reader's language decide. */
  id_card_languages: IdCardLanguages
  /** The origin receipts' QR codes point at (domain/publicUrl.ts); '' for the page's own. */
  public_url: string
  /** When an admin last saved it; null while the defaults stand. */
  updated_at: string | null
}
