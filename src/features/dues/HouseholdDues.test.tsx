import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { MonthLine } from '../../domain'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import { renderRoute, slow } from '../../testing/renderWithProviders'
import { storedFund, storedMemberDues, storedPayment } from '../../testing/storedDues'
import { storedHousehold } from '../../testing/storedHousehold'
import type { HouseholdDuesAnswer } from './householdDuesApi'
import { admin, auditor, clerk } from '../../testing/staffAccounts'

jest.setTimeout(90_000)

const household = storedHousehold({
  id: 3,
  name: 'የአቶ አበበ ከበደ ቤተሰብ',
  number: 'F-3',
  city: 'Addis Ababa',
})

const memberFund = storedFund()
const familyFund = storedFund({
  id: 4,
  payer: 'household',
  name_am: 'የቤተሰብ ክፍያ',
  name_en: 'Family dues',
  name_om: 'Kaffaltii maatii',
  rates: [{ category: '', from_month: '2018-01', amount: 10000 }],
})

/** 2018: Meskerem paid, Tikimt to Tir owed (Tir current), the rest ahead; 100 birr a month. */
function answer(year: number): HouseholdDuesAnswer {
  const months: MonthLine[] = Array.from({ length: 12 }, (_, i) => {
    const month = `${year}-${String(i + 1).padStart(2, '0')}` as MonthLine['month']
    const state =
      year < 2018 ? 'none' : year > 2018 || i > 4 ? 'not_due' : i === 0 ? 'paid' : 'unpaid'
    return {
      month,
      due: state === 'none' ? 0 : 10000,
      paid: state === 'paid' ? 10000 : 0,
      state,
    }
  })
  const { member_id: _member, ...dues } = storedMemberDues(year, months, {
    fund_id: 4,
    arrears: { months: 3, amount: 30000 },
    good_standing: false,
  })
  return { ...dues, household_id: 3 }
}

const payment = storedPayment({
  receipt_number: '2018-000021',
  fund_id: 4,
  member_id: null,
  household_id: 3,
  payer_name: 'የአቶ አበበ ከበደ ቤተሰብ',
  amount: 10000,
  received_on: '2025-09-20',
  created_at: '2025-09-20T08:00:00Z',
  allocations: [{ month: '2018-01', amount: 10000 }],
})

let server: MockServer
beforeEach(() => {
  server = installMockServer()
  server.on('GET', '/api/users', { json: [] })
  server.on('GET', '/api/households/3', { json: household })
  server.on('GET', '/api/funds', { json: [memberFund, familyFund] })
  server.on('GET', '/api/households/3/dues', (req) => ({
    json: answer(Number(req.search.get('year') ?? 2018)),
  }))
  server.on('GET', '/api/payments', (req) => ({
    json: {
      items: req.search.get('household_id') === '3' ? [payment] : [],
      next_cursor: null,
    },
  }))
})
afterEach(() => {
  server.restore()
  localStorage.clear()
})

const duesSection = () => screen.findByRole('region', { name: 'Household dues' }, slow)

describe("the household page's dues", () => {
  it("shows the household's strip for the per-household fund and its payments", async () => {
    renderRoute('/households/3', { signedInAs: clerk })
    const section = await duesSection()
    const strip = await within(section).findByRole('list', { name: 'Months of 2018' }, slow)
    const months = within(strip).getAllByRole('listitem')
    expect(months).toHaveLength(12)
    expect(months[0]).toHaveTextContent('MeskeremPaid')
    expect(months[1]).toHaveTextContent('TikimtUnpaid')
    expect(within(section).getByText('Arrears: 3 months (300.00 ETB)')).toBeInTheDocument()
    expect(within(section).getByText('Not in good standing')).toBeInTheDocument()
    // The household's own strip, of the per-household fund, not a member's.
    const asked = server.requests.find((r) => r.path === '/api/households/3/dues')
    expect(asked?.search.get('fund_id')).toBe('4')
    const row = (await within(section).findByText('2018-000021', {}, slow)).closest('li')!
    expect(within(row).getByRole('link', { name: 'Receipt' })).toHaveAttribute(
      'href',
      '/payments/9/receipt',
    )
  })

  it('records a payment with the household as payer and opens its receipt', async () => {
    server.on('POST', '/api/payments', { status: 201, json: { ...payment, id: 10 } })
    const { router } = renderRoute('/households/3', { signedInAs: clerk })
    const section = await duesSection()
    const user = userEvent.setup()
    await user.click(await within(section).findByRole('button', { name: 'Record a payment' }, slow))
    const form = await screen.findByRole('form', { name: 'Record a payment' }, slow)
    // Only funds a household pays are offered here.
    await user.click(within(form).getByLabelText('Fund'))
    await screen.findByRole('listbox')
    const shown = [...document.querySelectorAll('.ant-select-item-option')]
    expect(shown.map((o) => o.textContent)).toEqual(['Family dues'])
    await user.click(shown[0])
    await user.type(within(form).getByLabelText('Amount (ETB)'), '200')
    const preview = await within(form).findByText('This payment covers:', {}, slow)
    expect(
      within(preview.parentElement!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Tikimt 2018 E.C. 100.00 ETB', 'Hidar 2018 E.C. 100.00 ETB'])
    await user.click(within(form).getByRole('button', { name: 'Record payment' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/10/receipt'), slow)
    const sent = server.requests.find((r) => r.method === 'POST' && r.path === '/api/payments')
    expect(sent?.body).toMatchObject({ fund_id: 4, household_id: 3, amount: 20000 })
    expect(sent?.body).not.toHaveProperty('member_id')
  })

  it("lets an admin waive the household's months with a reason", async () => {
    server.on('POST', '/api/dues/waivers', { status: 201, json: {} })
    renderRoute('/households/3', { signedInAs: admin })
    const section = await duesSection()
    const user = userEvent.setup()
    await user.click(await within(section).findByRole('button', { name: 'Waive months' }, slow))
    const dialog = await screen.findByRole('dialog', {}, slow)
    // Only months that still owe are offered: Meskerem is paid.
    expect(within(dialog).queryByLabelText('Meskerem 2018 E.C.')).toBeNull()
    await user.click(within(dialog).getByLabelText('Tikimt 2018 E.C.'))
    await user.type(within(dialog).getByLabelText('Reason'), 'Council decision 12')
    await user.click(within(dialog).getByRole('button', { name: 'Waive months' }))
    await waitFor(() =>
      expect(server.requests.find((r) => r.path === '/api/dues/waivers')?.body).toEqual({
        fund_id: 4,
        household_id: 3,
        months: ['2018-02'],
        reason: 'Council decision 12',
      }),
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), slow)
  })

  it('offers no waiver to a clerk', async () => {
    renderRoute('/households/3', { signedInAs: clerk })
    const section = await duesSection()
    await within(section).findByRole('button', { name: 'Record a payment' }, slow)
    expect(within(section).queryByRole('button', { name: 'Waive months' })).toBeNull()
  })

  it('lets an auditor read the strip but record nothing', async () => {
    renderRoute('/households/3', { signedInAs: auditor })
    const section = await duesSection()
    await within(section).findByRole('list', { name: 'Months of 2018' }, slow)
    expect(
      within(section).queryByRole('button', { name: 'Record a payment' }),
    ).not.toBeInTheDocument()
  })

  it('shows nothing when every dues fund is paid per member', async () => {
    server.on('GET', '/api/funds', { json: [memberFund] })
    renderRoute('/households/3', { signedInAs: clerk })
    await screen.findByRole('heading', { name: household.name }, slow)
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/funds')).toBe(true))
    expect(screen.queryByRole('region', { name: 'Household dues' })).not.toBeInTheDocument()
    expect(server.requests.some((r) => r.path === '/api/households/3/dues')).toBe(false)
  })

  it('offers a retry when the dues cannot be loaded', async () => {
    server.on('GET', '/api/households/3/dues', { status: 500, json: { success: false } })
    renderRoute('/households/3', { signedInAs: clerk })
    const section = await duesSection()
    expect(
      await within(section).findByText('The dues could not be loaded. Please try again.', {}, slow),
    ).toBeInTheDocument()
    expect(within(section).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
