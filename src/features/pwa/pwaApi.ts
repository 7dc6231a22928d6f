import { api } from '../../app/api'

/** /version.json as the build wrote it (webpack VersionFilePlugin, server health route). */
export interface AppVersionFile {
  version: string
  build: string
}

export const pwaApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `cacheBust` goes on the query string so no cache between here and the server answers. */
    appVersion: build.query<AppVersionFile, number>({
      query: (cacheBust) => ({ url: 'version.json', params: { t: cacheBust } }),
      keepUnusedDataFor: 0,
    }),
  }),
})
