import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockServerForEachTest } from '../../testing/mockServer'
import { renderRoute, slow } from '../../testing/renderWithProviders'
import type { ArrearsPage, CashUp, CashUpClerk } from './duesReportsApi'

jest.setTimeout(90_000)

const clerk = { id: 2, username: 'hanna', role: 'clerk' as const }
const fund = {
  id: 1,
  kind: 'dues',
  payer: 'member',
  name_am: 'ወርሃዊ የአባልነት ክፍያ',
  name_en: 'Monthly dues',
  name_om: 'Kaffaltii miseensummaa ji’aa',
  active: true,
  rates: [],
}
const open: CashUpClerk = {
  user_id: 2,
  username: 'hanna',
  closed: null,
  payments: [
    {
      id: 9,
      receipt_number: '2018-000009',
      fund_id: 1,
      member_id: 7,
      household_id: null,
      payer_name: 'Abebe Kebede',
      amount: 15000,
      method: 'cash',
      reference: null,
      status: 'valid',
    },
    {
      id: 10,
      receipt_number: '2018-000010',
      fund_id: 1,
      member_id: 8,
      household_id: null,
      payer_name: 'Selam Tesfaye',
      amount: 5000,
      method: 'telebirr',
      reference: 'TB77',
      status: 'void',
    },
  ],
  total: { count: 1, amount: 15000 },
  by_method: [{ method: 'cash', count: 1, amount: 15000 }],
  by_fund: [{ fund_id: 1, count: 1, amount: 15000 }],
}
let day: CashUp

const server = mockServerForEachTest({
  width: 1280,
  routes: (s) => {
    day = { day: '2026-01-20', currency: 'ETB', clerks: [open] }
    s.on('GET', '/api/funds', { json: [fund] })
    s.on('GET', '/api/cash-up', () => ({ json: day }))
    s.on('POST', '/api/cash-up/close', () => {
      const closed = {
        ...open,
        closed: { at: '2026-01-20T15:00:00Z', by: 'hanna', payment_count: 1, total: 15000 },
      }
      day = { ...day, clerks: [closed] }
      return { json: closed }
    })
    const arrears: ArrearsPage = {
      fund_id: 1,
      payer: 'member',
      currency: 'ETB',
      current_month: '2018-05',
      count: 1,
      amount: 20000,
      next_cursor: null,
      items: [
        {
          member_id: 7,
          first_name: 'Abebe',
          last_name: 'Kebede',
          owner_username: 'hanna',
          phone: null,
          months: 4,
          amount: 20000,
          oldest_month: '2018-01',
        },
      ],
    }
    s.on('GET', '/api/reports/arrears', { json: arrears })
  },
})

describe('the day’s cash-up (issue 46)', () => {
  it('shows the day’s totals, void payments apart, and closes the day after asking', async () => {
    const user = userEvent.setup()
    renderRoute('/dues/cash-up', { signedInAs: clerk })
    const card = (await screen.findByText('2018-000009', {}, slow)).closest('.cash-up-card')!
    expect(within(card as HTMLElement).getAllByText('150.00 ETB').length).toBeGreaterThan(0)
    expect(within(card as HTMLElement).getByText('Void')).toBeInTheDocument()
    expect(within(card as HTMLElement).getByText('Open')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /Close the day/ }))
    const confirm = await screen.findByRole('tooltip', {}, slow)
    await user.click(within(confirm).getByRole('button', { name: /Close the day/ }))
    expect(await screen.findByText('Closed by hanna', {}, slow)).toBeInTheDocument()
    const sent = server.requests.find((r) => r.path === '/api/cash-up/close')!
    // With the totals the clerk was shown: the server refuses the close if the day changed.
    expect(sent.body).toEqual({
      day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      user_id: 2,
      expected_count: 1,
      expected_total: 15000,
    })
    expect(screen.queryByRole('button', { name: /Close the day/ })).not.toBeInTheDocument()
  })

  it('shows the day closed when a retried close hears it is closed already', async () => {
    const user = userEvent.setup()
    // The first close was stored but its answer lost: the server closed the day meanwhile.
    server.on('POST', '/api/cash-up/close', () => {
      day = {
        ...day,
        clerks: [
          {
            ...open,
            closed: { at: '2026-01-20T15:00:00Z', by: 'hanna', payment_count: 1, total: 15000 },
          },
        ],
      }
      return { status: 409, json: { success: false, message: 'This day is closed already' } }
    })
    renderRoute('/dues/cash-up', { signedInAs: clerk })
    await screen.findByText('2018-000009', {}, slow)
    await user.click(screen.getByRole('button', { name: /Close the day/ }))
    const confirm = await screen.findByRole('tooltip', {}, slow)
    await user.click(within(confirm).getByRole('button', { name: /Close the day/ }))
    expect(await screen.findByText('Closed by hanna', {}, slow)).toBeInTheDocument()
    expect(screen.queryByText(/could not be closed/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Close the day/ })).not.toBeInTheDocument()
  })

  it('closes nothing when the day changed since it was shown, and shows the new totals', async () => {
    const user = userEvent.setup()
    // Another device recorded a second payment after the screen was read.
    const later = { ...open.payments[0], id: 12, receipt_number: '2018-000012', amount: 2500 }
    server.on('POST', '/api/cash-up/close', () => {
      day = {
        ...day,
        clerks: [
          {
            ...open,
            payments: [...open.payments, later],
            total: { count: 2, amount: 17500 },
          },
        ],
      }
      return {
        status: 409,
        json: {
          success: false,
          message: 'The day changed since its cash-up was shown',
          errors: { day: 'changedSinceShown' },
        },
      }
    })
    renderRoute('/dues/cash-up', { signedInAs: clerk })
    await screen.findByText('2018-000009', {}, slow)
    await user.click(screen.getByRole('button', { name: /Close the day/ }))
    const confirm = await screen.findByRole('tooltip', {}, slow)
    await user.click(within(confirm).getByRole('button', { name: /Close the day/ }))
    expect(
      await screen.findByText(/since it was shown\. The day was not closed/, {}, slow),
    ).toBeVisible()
    const card = (await screen.findByText('2018-000012', {}, slow)).closest<HTMLElement>(
      '.cash-up-card',
    )!
    expect(within(card).getByText('Open')).toBeInTheDocument()
    expect(within(card).getAllByText('175.00 ETB').length).toBeGreaterThan(0)
    expect(within(card).getByRole('button', { name: /Close the day/ })).toBeInTheDocument()
  })

  it('names methods as the receipt does and heads its payer column for households too', async () => {
    const household = {
      ...open.payments[0],
      id: 11,
      receipt_number: '2018-000011',
      member_id: null,
      household_id: 3,
      payer_name: 'የአቶ አበበ ቤተሰብ',
      method: 'cbe_birr',
    }
    day = { ...day, clerks: [{ ...open, payments: [...open.payments, household] }] }
    server.on('GET', '/api/cash-up', () => ({ json: day }))
    renderRoute('/dues/cash-up', { signedInAs: clerk, language: 'am' })
    const row = (await screen.findByText('2018-000010', {}, slow)).closest('tr')!
    expect(within(row).getByText('ቴሌብር (telebirr) · TB77')).toBeInTheDocument()
    const family = screen.getByText('የአቶ አበበ ቤተሰብ').closest('tr')!
    expect(within(family).getByText('ሲቢኢ ብር (CBE Birr)')).toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: 'ከፋይ' })).toBeInTheDocument()
    expect(screen.queryByRole('columnheader', { name: 'አባል' })).not.toBeInTheDocument()
  })
})

describe('the dues reports (issue 46)', () => {
  it('lists the arrears in Amharic with the months by their Ethiopian names and era', async () => {
    renderRoute('/dues/reports?tab=arrears', { signedInAs: clerk, language: 'am' })
    expect(await screen.findByText('Abebe Kebede', {}, slow)).toBeInTheDocument()
    expect(screen.getByText('መስከረም 2018 ዓ.ም.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'ውዝፍ · ጥር 2018 ዓ.ም.' })).toBeInTheDocument()
    expect(screen.getByText('200.00 ETB')).toBeInTheDocument()
    await waitFor(() =>
      expect(
        server.requests.find((r) => r.path === '/api/reports/arrears')!.search.get('sort'),
      ).toBe('months_desc'),
    )
  })

  it('writes each month’s collections in the currency’s own decimals, as its total', async () => {
    const months = Array.from({ length: 13 }, (_, i) => ({
      month: `2018-${String(i + 1).padStart(2, '0')}`,
      count: i === 4 ? 2 : 0,
      amount: i === 4 ? 5000 : 0,
    }))
    // Yen have no minor unit: 5,000 stored is 5,000 yen, not 50.00.
    server.on('GET', '/api/reports/collections', {
      json: {
        year: 2018,
        currency: 'JPY',
        funds: [{ ...fund, fund_id: 1, months, total: { count: 2, amount: 5000 } }],
        months,
        total: { count: 2, amount: 5000 },
      },
    })
    renderRoute('/dues/reports?tab=collections', { signedInAs: clerk })
    const row = (await screen.findByText('Monthly dues', {}, slow)).closest('tr')!
    expect(within(row).getByText('5,000 JPY')).toBeInTheDocument()
    const tir = [...row.querySelectorAll('td')].map((cell) => cell.textContent)
    expect(tir).toContain('5,000')
    expect(tir).not.toContain('50.00')
  })

  it('speaks of households, not members, when the report is for a household fund', async () => {
    const user = userEvent.setup()
    const familyFund = { ...fund, id: 2, payer: 'household', name_en: 'Family dues' }
    server.on('GET', '/api/funds', { json: [fund, familyFund] })
    server.on('GET', '/api/reports/good-standing', (request) => ({
      json: {
        fund_id: request.search.get('payer') === 'household' ? 2 : 1,
        payer: request.search.get('payer'),
        currency: 'ETB',
        current_month: '2018-05',
        rule: { kind: 'max_unpaid', months: 0 },
        count: 0,
        next_cursor: null,
        items: [],
      },
    }))
    renderRoute('/dues/reports?tab=standing', { signedInAs: clerk })
    expect(await screen.findByText('No member is in good standing yet.', {}, slow)).toBeVisible()
    await user.click(screen.getByRole('combobox', { name: 'Report for' }))
    await user.click(await screen.findByTitle('Households', {}, slow))
    expect(await screen.findByText('No household is in good standing yet.', {}, slow)).toBeVisible()
    expect(
      screen.getByRole('heading', { name: 'Households in good standing · Tir 2018 E.C.' }),
    ).toBeVisible()
    expect(screen.getByText(/Households: 0/)).toBeVisible()
  })

  it('stacks each arrears line as labelled lines on a phone, not a sideways table', async () => {
    window.innerWidth = 375
    renderRoute('/dues/reports?tab=arrears', { signedInAs: clerk })
    const name = await screen.findByText('Abebe Kebede', {}, slow)
    const cells = [...name.closest('tr')!.querySelectorAll('td')]
    expect(cells.map((cell) => cell.dataset.label)).toEqual([
      'Member',
      'Phone',
      'Account',
      'Months in arrears',
      'Amount in arrears',
      'Oldest month owed',
    ])
    expect(name.closest('table')!.style.width).not.toBe('max-content')
  })
})
