import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query'
import { api } from '../../app/api'
import { DEFAULT_ID_CARD_LANGUAGES, type IdCardLanguages, isIdCardLanguages } from '../../domain'

/** Spec 7.5 / 9.6: three tries, one second apart. */
export const PHOTO_ATTEMPTS = 3
export const PHOTO_RETRY_DELAY_MS = 1000
/** Spec 5.10: a shorter data URL cannot hold a real image. */
export const MIN_PHOTO_DATA_URL_LENGTH = 100

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Base64 by hand: FileReader refuses the Blob class of some runtimes (jsdom with undici). */
async function blobToDataUrl(blob: Blob, type: string): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return `data:${type};base64,${btoa(binary)}`
}

/**
 * What the card takes from the church profile (GET /api/church, issue 46): its names, '' where
 * none is set, and the chosen language pair ('reader' from a server without one).
 */
export interface ChurchNames {
  name_am: string
  name_en: string
  name_om: string
  id_card_languages: IdCardLanguages
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

export const idcardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChurchNames: build.query<ChurchNames, void>({
      query: () => 'api/church',
      transformResponse: (profile: Partial<Record<keyof ChurchNames, unknown>> | null) => ({
        name_am: text(profile?.name_am),
        name_en: text(profile?.name_en),
        name_om: text(profile?.name_om),
        id_card_languages: isIdCardLanguages(profile?.id_card_languages)
          ? profile.id_card_languages
          : DEFAULT_ID_CARD_LANGUAGES,
      }),
    }),
    /**
     * The member photo as a data URL for embedding in the card (spec 7.5): sent with
     * credentials, only an image/* answer counts, and only as a data URL over 100 characters.
     * After three failed tries the answer is null and the card draws the default avatar (8.5).
     */
    getIdCardPhoto: build.query<string | null, string>({
      async queryFn(url, _api, _extraOptions, baseQuery) {
        for (let attempt = 1; attempt <= PHOTO_ATTEMPTS; attempt++) {
          const result = await baseQuery({
            url,
            credentials: 'include',
            responseHandler: (response) => response.blob(),
          })
          // The app's baseQuery is fetchBaseQuery, whose meta carries the response.
          const meta = result.meta as FetchBaseQueryMeta | undefined
          const type = meta?.response?.headers.get('content-type')?.split(';')[0].trim()
          if (!result.error && result.data instanceof Blob && type?.startsWith('image/')) {
            const dataUrl = await blobToDataUrl(result.data, type)
            if (dataUrl.length > MIN_PHOTO_DATA_URL_LENGTH) return { data: dataUrl }
          }
          if (attempt < PHOTO_ATTEMPTS) await wait(PHOTO_RETRY_DELAY_MS)
        }
        return { data: null }
      },
    }),
  }),
})

export const { useGetIdCardPhotoQuery, useGetChurchNamesQuery } = idcardApi
