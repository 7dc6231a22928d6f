import { DEFAULT_STANDING_RULE } from '../domain'
import type { ChurchProfile } from '../features/churchProfile/churchApi'

/** The church profile as GET /api/church answers it; tests override what they check. */
export function storedChurch(fields: Partial<ChurchProfile> = {}): ChurchProfile {
  return {
    name_am: 'ደብረ ሰላም ቅድስት ማርያም ቤተ ክርስቲያን',
    name_en: 'Debre Selam St Mary Church',
    name_om: 'Waldaa Kiristaanaa Qulqulleettii Maariyaam',
    address: 'Addis Ababa',
    phone: '',
    po_box: '',
    currency: 'ETB',
    signatory_name: '',
    signatory_title: '',
    good_standing: DEFAULT_STANDING_RULE,
    logo_url: '/api/church/logo?v=abc',
    public_url: '',
    updated_at: '2026-01-01T00:00:00Z',
    ...fields,
  }
}
