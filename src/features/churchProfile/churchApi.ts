import { api, errorFields, errorStatus, translatedErrorId } from '../../app/api'
import type { ChurchProfile as DomainChurchProfile, IdCardLanguages } from '../../domain'

/** GET /api/church: what every printed paper carries (issue 46). */
export type ChurchProfile = Omit<DomainChurchProfile, 'id_card_languages'> & {
  /** The ID card's two languages (decision 0200); absent from older servers. */
  id_card_languages?: IdCardLanguages
}

/** PUT /api/church: any of the fields; `logo` a data URL, or null to remove it. */
export type ChurchProfileUpdate = Partial<Omit<ChurchProfile, 'logo_url' | 'updated_at'>> & {
  logo?: string | null
}

/** An image answer as a data URL; only the three image types the server stores pass. */
async function dataUrlOf(response: Response): Promise<string | null> {
  const type = (response.headers.get('content-type') ?? '').split(';')[0].trim()
  if (!response.ok || !['image/png', 'image/jpeg', 'image/webp'].includes(type)) return null
  const bytes = new Uint8Array(await response.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return `data:${type};base64,${btoa(binary)}`
}

const tagged = api.enhanceEndpoints({ addTagTypes: ['Church'] })

export const churchApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    church: build.query<ChurchProfile, void>({
      query: () => 'api/church',
      providesTags: [{ type: 'Church', id: 'PROFILE' }],
    }),
    /** The logo's bytes as a data URL: the ID card's SVG carries the image inside it. */
    churchLogo: build.query<string | null, string>({
      query: (url) => ({ url: url.replace(/^\//, ''), responseHandler: dataUrlOf }),
    }),
    updateChurch: build.mutation<ChurchProfile, ChurchProfileUpdate>({
      query: (body) => ({ url: 'api/church', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Church', id: 'PROFILE' }],
    }),
  }),
})

export const { useChurchLogoQuery, useChurchQuery, useUpdateChurchMutation } = churchApi

/**
 * The message id of a refused save: the server's words are English, so its field codes and
 * status pick the message in the user's language.
 */
export function churchRefusalId(error: unknown): string {
  const fields = errorFields(error)
  if (fields.logo) return 'churchLogoType'
  if (errorStatus(error) === 413) return 'churchLogoTooLarge'
  if (fields.currency) return 'churchCurrencyInvalid'
  if (fields.public_url) return 'churchPublicUrlInvalid'
  return translatedErrorId(error) ?? 'churchSaveFailed'
}
