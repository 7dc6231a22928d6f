import { fireEvent, screen, within } from '@testing-library/react'
import type { HouseholdStatementAnswer, MonthLine, StatementAnswer } from '../../domain'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import { storedChurch } from '../../testing/storedChurch'
import { renderRoute, slow } from '../../testing/renderWithProviders'
import { clerk } from '../../testing/staffAccounts'

jest.setTimeout(60_000)

const church = storedChurch()

const months = (year: number, paid: number): MonthLine[] =>
  Array.from({ length: 12 }, (_, i) => ({
    month: `${year}-${String(i + 1).padStart(2, '0')}` as MonthLine['month'],
    due: 5000,
    paid: i < paid ? 5000 : 0,
    state: i < paid ? 'paid' : i < 4 ? 'unpaid' : 'not_due',
  }))

const statement = (year: number): StatementAnswer => ({
  member_id: 5,
  first_name: 'Abebe',
  last_name: 'Kebede',
  year,
  currency: 'ETB',
  funds: [
    {
      fund_id: 1,
      kind: 'dues',
      name_am: 'ወርሃዊ የአባልነት ክፍያ',
      name_en: 'Monthly dues',
      name_om: "Kaffaltii miseensummaa ji'aa",
      paid: 10000,
      months: months(year, 2),
      arrears: { months: 2, amount: 10000 },
      good_standing: false,
    },
    {
      fund_id: 2,
      kind: 'gift',
      name_am: 'አሥራት',
      name_en: 'Tithe',
      name_om: 'Kurnaa',
      paid: 2550,
      months: [],
      arrears: null,
      good_standing: null,
    },
  ],
  payments: [
    {
      id: 9,
      receipt_number: `${year}-000007`,
      fund_id: 1,
      amount: 10000,
      method: 'telebirr',
      received_on: '2025-09-15',
      months: [`${year}-01`, `${year}-02`],
    },
    {
      id: 10,
      receipt_number: `${year}-000008`,
      fund_id: 2,
      amount: 2550,
      method: 'cash',
      received_on: '2025-10-01',
      months: [],
    },
  ],
})

let server: MockServer
beforeEach(() => {
  server = installMockServer()
  server.on('GET', '/api/church', { json: church })
})
afterEach(() => {
  server.restore()
  localStorage.clear()
})

describe('the yearly statement', () => {
  it('shows a member’s months, payments, totals and standing under the church’s name', async () => {
    server.on('GET', '/api/members/5/statement', (req) => ({
      json: statement(Number(req.search.get('year') ?? 2018)),
    }))
    renderRoute('/member/statement/5?year=2018', {
      signedInAs: clerk,
      language: 'en',
      calendar: 'ethiopian',
    })
    const paper = await screen.findByRole('article', { name: /Yearly statement · 2018/ }, slow)
    const text = paper.textContent ?? ''
    expect(text).toContain('Debre Selam St Mary Church')
    expect(text).toContain('Abebe Kebede')
    const monthsTable = within(paper).getByRole('region', { name: 'Monthly dues' })
    const rows = within(monthsTable).getAllByRole('row')
    // Header, twelve months, total.
    expect(rows).toHaveLength(14)
    expect(rows[1].textContent).toBe('Meskerem 2018 E.C.50.0050.00Paid')
    expect(rows[3].textContent).toBe('Hidar 2018 E.C.50.00—Unpaid')
    expect(rows[13].textContent).toBe('Total600.00100.00ETB')
    expect(monthsTable.textContent).toContain('Arrears: 2 months (100.00 ETB)')
    expect(monthsTable.textContent).toContain('Not in good standing')
    const payments = within(paper).getByRole('region', { name: 'Payments' })
    expect(payments.textContent).toContain('2018-000007')
    expect(payments.textContent).toContain('Meskerem 2018 E.C., Tikimt 2018 E.C.')
    expect(payments.textContent).toContain('telebirr')
    expect(payments.textContent).toContain('125.50 ETB')
    const totals = within(paper).getByRole('region', { name: 'Totals by fund' })
    expect(totals.textContent).toContain('Tithe25.50 ETB')
    expect(
      server.requests.find((r) => r.path === '/api/members/5/statement')?.search.get('year'),
    ).toBe('2018')
  })

  it('turns to the previous year and asks the server for it', async () => {
    server.on('GET', '/api/members/5/statement', (req) => ({
      json: statement(Number(req.search.get('year') ?? 2018)),
    }))
    renderRoute('/member/statement/5', { signedInAs: clerk, language: 'am', calendar: 'ethiopian' })
    await screen.findByRole('article', { name: /2018/ }, slow)
    fireEvent.click(screen.getByRole('button', { name: 'ያለፈው ዓመት' }))
    await screen.findByRole('article', { name: /2017/ }, slow)
    expect(screen.getByText('2017-000007')).toBeInTheDocument()
  })

  it('shows a household’s statement by its name', async () => {
    const { member_id: _id, first_name: _f, last_name: _l, ...rest } = statement(2018)
    const answer: HouseholdStatementAnswer = { ...rest, household_id: 3, name: 'Alemu family' }
    server.on('GET', '/api/households/3/statement', { json: answer })
    renderRoute('/households/3/statement', { signedInAs: clerk, language: 'en' })
    const paper = await screen.findByRole('article', { name: /Yearly statement/ }, slow)
    expect(paper.textContent).toContain('HouseholdAlemu family')
  })

  it('says so when the statement is not the clerk’s to see', async () => {
    server.on('GET', '/api/members/7/statement', { status: 404, json: { message: 'Not found' } })
    renderRoute('/member/statement/7', { signedInAs: clerk, language: 'en' })
    expect(
      await screen.findByText('This statement does not exist or is not yours to see.', {}, slow),
    ).toBeInTheDocument()
  })
})
