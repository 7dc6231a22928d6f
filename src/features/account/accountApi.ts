import { api } from '../../app/api'

export interface ChangePasswordRequest {
  current_password: string
  new_password: string
}

/** The signed-in account's own calls (issue 25, issue 23 §3). */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<void, void>({
      query: () => ({ url: 'api/logout', method: 'POST' }),
    }),
    changePassword: build.mutation<void, ChangePasswordRequest>({
      query: (body) => ({ url: 'api/me/password', method: 'POST', body }),
    }),
  }),
})

export const { useChangePasswordMutation } = accountApi
