import { DEFAULT_STANDING_RULE, type MemberDuesAnswer, type MonthLine } from '../domain'
import type { Fund, Payment } from '../features/dues/duesApi'

/** Fund 1, the members' monthly dues, as GET /api/funds lists it; tests add what they need. */
export function storedFund(fields: Partial<Fund> = {}): Fund {
  return {
    id: 1,
    kind: 'dues',
    payer: 'member',
    name_am: 'ወርሃዊ የአባልነት ክፍያ',
    name_en: 'Monthly dues',
    name_om: "Kaffaltii miseensummaa ji'aa",
    active: true,
    rates: [],
    ...fields,
  }
}

/** Payment 9, receipt 2018-000007: 120.00 birr cash from member 5 to fund 1 for Meskerem 2018. */
export function storedPayment(fields: Partial<Payment> = {}): Payment {
  return {
    id: 9,
    receipt_number: '2018-000007',
    fund_id: 1,
    member_id: 5,
    household_id: null,
    payer_name: 'Abebe Kebede',
    amount: 12000,
    currency: 'ETB',
    method: 'cash',
    reference: null,
    received_on: '2026-01-12',
    received_by: 'clerk',
    created_at: '2026-01-12T08:00:00Z',
    status: 'valid',
    voided_at: null,
    void_reason: null,
    allocations: [{ month: '2018-01', amount: 12000 }],
    verify_path: '/verify/abcdefghijklmnopqrstuv',
    ...fields,
  }
}

/**
 * Member 5's year of fund 1 as GET /api/members/5/dues answers it, dues from Meskerem 2018 and
 * nothing in arrears; tests give the months and what they check.
 */
export function storedMemberDues(
  year: number,
  months: MonthLine[],
  fields: Partial<MemberDuesAnswer> = {},
): MemberDuesAnswer {
  return {
    member_id: 5,
    fund_id: 1,
    year,
    currency: 'ETB',
    start_month: '2018-01',
    start_month_set: false,
    category: '',
    current_month: '2018-05',
    months,
    arrears: { months: 0, amount: 0 },
    good_standing: true,
    rule: DEFAULT_STANDING_RULE,
    ...fields,
  }
}
