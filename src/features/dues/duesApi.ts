import { api } from '../../app/api'
import type { MemberDuesAnswer } from '../../domain'

/** GET /api/receipts/verify/:code, the public check of a receipt's QR code. */
export interface ReceiptCheck {
  receipt_number: string
  amount: number
  currency: string
  received_on: string
  status: 'valid' | 'void'
  payer_initials: string
}

export interface MemberDuesArgs {
  memberId: number
  /** Ethiopian year; omitted: the current one. */
  year?: number
}

export const duesApi = api.injectEndpoints({
  endpoints: (build) => ({
    memberDues: build.query<MemberDuesAnswer, MemberDuesArgs>({
      query: ({ memberId, year }) =>
        `api/members/${memberId}/dues${year === undefined ? '' : `?year=${year}`}`,
      providesTags: (_result, _error, { memberId }) => [{ type: 'Member', id: memberId }],
    }),
    receiptCheck: build.query<ReceiptCheck, string>({
      query: (code) => `api/receipts/verify/${encodeURIComponent(code)}`,
    }),
  }),
})

export const { useMemberDuesQuery, useReceiptCheckQuery } = duesApi
