import { api } from '../../app/api'

export interface LoginRequest {
  username: string
  password: string
}

export interface LoginResponse {
  success?: boolean
  token?: string
  message?: string
  user?: { id: number; username: string; role?: string; must_change_password?: boolean }
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: 'api/login', method: 'POST', body }),
    }),
  }),
})

export const { useLoginMutation } = authApi
