// Funds, payments, receipts and the cash-up as the API answers them (issue 46): one definition
// for the server's schemas and services and the client's screens.

/** One rate step of a dues fund: from a month on, per category ('' the standard rate). */
export interface FundRate {
  category: string
  from_month: string
  amount: number
}

/** GET /api/funds: a dues fund (monthly) or a gift fund (no months), named in three languages. */
export interface Fund {
  id: number
  kind: 'dues' | 'gift'
  payer: 'member' | 'household'
  name_am: string
  name_en: string
  name_om: string
  active: boolean
  /** Dues funds: every rate step, oldest first per category. */
  rates: FundRate[]
}

/** POST /api/payments's body (amounts in minor units). */
export interface PaymentInput {
  fund_id: number
  member_id?: number
  household_id?: number
  amount: number
  method: string
  reference?: string
  received_on: string
  months?: string[]
}

/** A payment as the API answers it (amounts in minor units). */
export interface Payment {
  id: number
  receipt_number: string
  fund_id: number
  member_id: number | null
  household_id: number | null
  /** The payer's name as it is now; null once the member is deleted. */
  payer_name: string | null
  amount: number
  currency: string
  method: string
  reference: string | null
  received_on: string
  received_by: string
  created_at: string
  status: 'valid' | 'void'
  voided_at: string | null
  void_reason: string | null
  allocations: { month: string; amount: number }[]
  /** The public receipt check's page, relative to the server: the QR code's address. */
  verify_path: string
}

export interface PaymentPage {
  items: Payment[]
  next_cursor: string | null
}

/** GET /api/receipts/verify/:code: the receipt, and of the payer only initials. */
export interface ReceiptCheck {
  receipt_number: string
  amount: number
  currency: string
  received_on: string
  status: 'valid' | 'void'
  payer_initials: string
}

/** A payment as the cash-up lists it. */
export type CashUpPayment = Pick<
  Payment,
  | 'id'
  | 'receipt_number'
  | 'fund_id'
  | 'member_id'
  | 'household_id'
  | 'payer_name'
  | 'amount'
  | 'method'
  | 'reference'
  | 'status'
>

export interface CashUpTotal {
  count: number
  amount: number
}

/** One account's payments of the day: void ones listed, left out of the totals. */
export interface CashUpClerk {
  user_id: number
  username: string
  /** Set once the day is closed: when, by whom, and the totals as they were then. */
  closed: { at: string; by: string; payment_count: number; total: number } | null
  payments: CashUpPayment[]
  total: CashUpTotal
  by_method: ({ method: string } & CashUpTotal)[]
  by_fund: ({ fund_id: number } & CashUpTotal)[]
}

/** GET /api/cash-up: a day's payments per account. */
export interface CashUp {
  day: string
  currency: string
  clerks: CashUpClerk[]
}
