import { api, type IdempotentCreate, idempotentPost } from '../../app/api'
import type { Role } from '../../domain'

/** One staff account as GET /api/admin/users answers it (issue 25). */
export interface Account {
  id: number
  username: string
  role: Role
  disabled: boolean
  created_at: string
  must_change_password: boolean
  last_login_at: string | null
  member_count: number
}

export interface CreatedAccount {
  user: Account
  temporary_password: string
}

/** Each role's message id. */
export const ROLE_LABEL: Record<Role, string> = {
  admin: 'roleAdmin',
  clerk: 'roleClerk',
  auditor: 'roleAuditor',
}

const ACCOUNTS = [{ type: 'User' as const, id: 'ACCOUNTS' }]

/** Accounts in the app: admins change them; auditors only read the list. */
export const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    accounts: build.query<Account[], void>({
      query: () => 'api/admin/users',
      providesTags: ACCOUNTS,
    }),
    /** The key is made once per dialog opening: a retried create answers with a working password. */
    createAccount: build.mutation<
      CreatedAccount,
      IdempotentCreate<{ username: string; role: Role }>
    >({
      query: idempotentPost('api/admin/users'),
      invalidatesTags: ACCOUNTS,
    }),
    updateAccount: build.mutation<Account, { id: number; role?: Role; disabled?: boolean }>({
      query: ({ id, ...body }) => ({ url: `api/admin/users/${id}`, method: 'PATCH', body }),
      invalidatesTags: ACCOUNTS,
    }),
    resetPassword: build.mutation<{ temporary_password: string }, number>({
      query: (id) => ({ url: `api/admin/users/${id}/reset-password`, method: 'POST' }),
      invalidatesTags: ACCOUNTS,
    }),
    removeAccount: build.mutation<void, number>({
      query: (id) => ({ url: `api/admin/users/${id}`, method: 'DELETE' }),
      invalidatesTags: ACCOUNTS,
    }),
    // Every member of one account to another, households along: the lists and counts change.
    transferAllMembers: build.mutation<{ moved: number }, { id: number; targetUserId: number }>({
      query: ({ id, targetUserId }) => ({
        url: `api/admin/users/${id}/transfer-members`,
        method: 'POST',
        body: { target_user_id: targetUserId },
      }),
      invalidatesTags: [
        ...ACCOUNTS,
        { type: 'MemberList', id: 'ALL' },
        'Member',
        { type: 'Household', id: 'LIST' },
      ],
    }),
  }),
})

export const {
  useAccountsQuery,
  useCreateAccountMutation,
  useUpdateAccountMutation,
  useResetPasswordMutation,
  useRemoveAccountMutation,
  useTransferAllMembersMutation,
} = accountsApi

// The reasons the server gives in `errors` (docs/api.md), each a message id of its own.
const KNOWN_ERRORS = new Set([
  'invalidUsername',
  'usernameTaken',
  'lastAdmin',
  'hasMembers',
  'hasHouseholds',
  'ownAccount',
  'accountInUse',
  'keyUsedForOtherAccount',
])

/** A translated reason for a refused account change: the server's own code, or a general one. */
export function accountErrorId(error: unknown): string {
  const err = error as { status?: unknown; data?: { errors?: Record<string, unknown> } } | undefined
  const codes = Object.values(err?.data?.errors ?? {})
  const known = codes.find(
    (code): code is string => typeof code === 'string' && KNOWN_ERRORS.has(code),
  )
  if (known) return known
  if (err?.data?.errors?.target_user_id) return 'transferTargetInvalid'
  if (err?.status === 403) return 'notAllowed'
  if (err?.status === 404) return 'accountNotFound'
  return 'saveFailed'
}
