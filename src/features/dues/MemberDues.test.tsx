import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { MemberDuesAnswer, MonthLine } from '../../domain'
import { apiError, installMockServer, type MockServer } from '../../testing/mockServer'
import type { ReactNode } from 'react'
import { renderRoute, slow, type ProviderOptions } from '../../testing/renderWithProviders'
import { storedFund, storedMemberDues, storedPayment } from '../../testing/storedDues'
import { clerk } from '../../testing/staffAccounts'
import { MemberDues } from './MemberDues'

/** The tab under a router (it opens a recorded payment's receipt). */
const renderWithProviders = (node: ReactNode, options: ProviderOptions = {}) =>
  renderRoute('/member', { ...options, routes: [{ path: '/member', element: node }] })

jest.setTimeout(60_000)

const states: MonthLine['state'][] = [
  'paid',
  'paid',
  'partial',
  'waived',
  'unpaid',
  'unpaid',
  'not_due',
  'not_due',
  'paid',
  'not_due',
  'not_due',
  'not_due',
]

function answer(year: number, overrides: Partial<MemberDuesAnswer> = {}): MemberDuesAnswer {
  const months = states.map((state, i) => ({
    month: `${year}-${String(i + 1).padStart(2, '0')}` as MonthLine['month'],
    due: 5000,
    paid: state === 'paid' ? 5000 : state === 'partial' ? 2500 : 0,
    state,
  }))
  return storedMemberDues(year, months, {
    current_month: '2018-06',
    arrears: { months: 2, amount: 7500 },
    good_standing: false,
    ...overrides,
  })
}

let server: MockServer
beforeEach(() => {
  server = installMockServer()
  server.on('GET', '/api/payments', { json: { items: [], next_cursor: null } })
  server.on('GET', '/api/funds', { json: [] })
})
afterEach(() => {
  server.restore()
  // The language chosen is kept on the device: each test starts from English.
  localStorage.clear()
})

describe('the Dues tab', () => {
  it('shows the twelve months with their states, arrears and standing', async () => {
    server.on('GET', /\/api\/members\/5\/dues/, { json: answer(2018) })
    renderWithProviders(<MemberDues memberId={5} />)
    const strip = await screen.findByRole('list', { name: 'Months of 2018' }, slow)
    const months = within(strip).getAllByRole('listitem')
    expect(months).toHaveLength(12)
    expect(months[0]).toHaveTextContent('MeskeremPaid')
    expect(months[2]).toHaveTextContent('HidarPartly paid25.00 of 50.00')
    expect(months[3]).toHaveTextContent('TahsasWaived')
    expect(months[5]).toHaveAttribute('aria-current', 'date')
    expect(screen.getByText('Arrears: 2 months (75.00 ETB)')).toBeInTheDocument()
    expect(screen.getByText('Not in good standing')).toBeInTheDocument()
  })

  it('moves between Ethiopian years', async () => {
    server.on('GET', '/api/members/5/dues', (req) => ({
      json:
        req.search.get('year') === '2017'
          ? answer(2017, { arrears: { months: 0, amount: 0 }, good_standing: true })
          : answer(2018),
    }))
    const user = userEvent.setup()
    renderWithProviders(<MemberDues memberId={5} />)
    await screen.findByText('2018 E.C.', {}, slow)
    await user.click(screen.getByRole('button', { name: 'Previous year' }))
    expect(await screen.findByText('2017 E.C.', {}, slow)).toBeInTheDocument()
    expect(screen.getByText('No arrears')).toBeInTheDocument()
    expect(screen.getByText('In good standing')).toBeInTheDocument()
  })

  it('names the months in Amharic', async () => {
    server.on('GET', /\/api\/members\/5\/dues/, { json: answer(2018) })
    renderWithProviders(<MemberDues memberId={5} />, { language: 'am' })
    expect(await screen.findByText('መስከረም', {}, slow)).toBeInTheDocument()
    expect(screen.getByText('ውዝፍ፦ 2 ወር (75.00 ETB)')).toBeInTheDocument()
  })

  it('says when no dues are set up', async () => {
    server.on('GET', /\/api\/members\/6\/dues/, apiError(404, 'Not found'))
    renderWithProviders(<MemberDues memberId={6} />)
    expect(
      await screen.findByText('No monthly dues have been set up yet.', {}, slow),
    ).toBeInTheDocument()
  })

  it('records and lists gifts where the church keeps no monthly dues', async () => {
    const tithe = storedFund({ id: 8, kind: 'gift', name_en: 'Tithe' })
    server.on('GET', '/api/funds', { json: [tithe] })
    server.on('GET', '/api/church', { json: { currency: 'JPY' } })
    server.on('GET', /\/api\/members\/6\/dues/, apiError(404, 'Not found'))
    const gift = storedPayment({ id: 12, receipt_number: '2018-000031', fund_id: 8, member_id: 6 })
    server.on('GET', '/api/payments', { json: { items: [gift], next_cursor: null } })
    server.on('POST', '/api/payments', { status: 201, json: { ...gift, id: 13 } })
    const { router } = renderWithProviders(<MemberDues memberId={6} />, { signedInAs: clerk })
    expect(
      await screen.findByText('No monthly dues have been set up yet.', {}, slow),
    ).toBeInTheDocument()
    expect(await screen.findByText('2018-000031', {}, slow)).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Record a payment' }))
    const form = await screen.findByRole('form', { name: 'Record a payment' }, slow)
    // The church's currency, in its own decimals (yen have none).
    await user.type(within(form).getByLabelText('Amount (JPY)'), '5000')
    await user.click(within(form).getByRole('button', { name: 'Record payment' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/13/receipt'), slow)
    const sent = server.requests.find((r) => r.method === 'POST' && r.path === '/api/payments')
    expect(sent?.body).toMatchObject({ fund_id: 8, member_id: 6, amount: 5000 })
  })

  it('asks for no amount until the church profile says its currency', async () => {
    const tithe = storedFund({ id: 8, kind: 'gift', name_en: 'Tithe' })
    server.on('GET', '/api/funds', { json: [tithe] })
    let reads = 0
    server.on('GET', '/api/church', () =>
      (reads += 1) === 1 ? apiError(500, 'x') : { json: { currency: 'JPY' } },
    )
    server.on('GET', /\/api\/members\/6\/dues/, apiError(404, 'Not found'))
    renderWithProviders(<MemberDues memberId={6} />, { signedInAs: clerk })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Record a payment' }, slow))
    const dialog = await screen.findByRole('dialog', {}, slow)
    // Typed in birr's two decimals, 5000 would have been sent as 500000 yen.
    const failed = await within(dialog).findByText(
      'The church profile could not be loaded. Please try again.',
      {},
      slow,
    )
    expect(within(dialog).queryByLabelText('Amount (ETB)')).toBeNull()
    await user.click(
      within(failed.closest('.ant-alert')!).getByRole('button', { name: 'Try again' }),
    )
    expect(await within(dialog).findByLabelText('Amount (JPY)', {}, slow)).toBeVisible()
  })

  it('offers a retry when the dues cannot be loaded', async () => {
    server.on('GET', /\/api\/members\/7\/dues/, apiError(500, 'x'))
    renderWithProviders(<MemberDues memberId={7} />)
    expect(
      await screen.findByText('The dues could not be loaded. Please try again.', {}, slow),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
