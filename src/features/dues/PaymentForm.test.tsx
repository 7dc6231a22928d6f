import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { App } from 'antd'
import type { AuthUser } from '../auth'
import {
  addMonths,
  arrearsOf,
  type DuesMonth,
  type Ledger,
  MAX_MONTHS_AHEAD,
  type MemberDuesAnswer,
  type MonthLine,
  yearStrip,
} from '../../domain'
import { KEYED_CREATE_TIMEOUT_MS } from '../../app/api'
import {
  apiError,
  installMockServer,
  type MockServer,
  type Responder,
} from '../../testing/mockServer'
import { renderRoute, slow } from '../../testing/renderWithProviders'
import { storedFund, storedMemberDues, storedPayment } from '../../testing/storedDues'
import { duesApi, type Fund, type Payment } from './duesApi'
import { duesMonthLabel } from './duesText'
import { MemberDues } from './MemberDues'
import { admin, auditor, clerk } from '../../testing/staffAccounts'

jest.setTimeout(60_000)

/** 2018: Meskerem to Tir owed (Tir the current month), the rest ahead; 5,000 santim a month. */
function answer(year: number): MemberDuesAnswer {
  const months: MonthLine[] = Array.from({ length: 12 }, (_, i) => {
    const month = `${year}-${String(i + 1).padStart(2, '0')}` as MonthLine['month']
    const state = year < 2018 ? 'none' : year === 2018 && i < 5 ? 'unpaid' : 'not_due'
    return { month, due: state === 'none' ? 0 : 5000, paid: 0, state }
  })
  return storedMemberDues(year, months, {
    arrears: { months: 4, amount: 20000 },
    good_standing: false,
  })
}

const funds: Fund[] = [
  storedFund({ rates: [{ category: '', from_month: '2018-01', amount: 5000 }] }),
  storedFund({ id: 2, kind: 'gift', name_am: 'አሥራት', name_en: 'Tithe', name_om: 'Kurnaa' }),
]

const payment = (overrides: Partial<Payment> = {}): Payment =>
  storedPayment({
    amount: 12550,
    allocations: [
      { month: '2018-01', amount: 5000 },
      { month: '2018-02', amount: 5000 },
      { month: '2018-03', amount: 2550 },
    ],
    ...overrides,
  })

let server: MockServer
beforeEach(() => {
  server = installMockServer()
  server.on('GET', '/api/members/5/dues', (req) => ({
    json: answer(Number(req.search.get('year') ?? 2018)),
  }))
  server.on('GET', '/api/funds', { json: funds })
  server.on('GET', '/api/payments', { json: { items: [], next_cursor: null } })
})
afterEach(() => {
  server.restore()
  localStorage.clear()
  sessionStorage.clear()
})

function renderTab(user: AuthUser, language?: 'am') {
  return renderRoute('/member', {
    signedInAs: user,
    language,
    routes: [
      // antd's App gives the tab its message context, as the signed-in frame does.
      {
        path: '/member',
        element: (
          <App>
            <MemberDues memberId={5} householdId={null} />
          </App>
        ),
      },
      { path: '/payments/:id/receipt', element: <p>receipt page</p> },
    ],
  })
}

async function openForm() {
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: 'Record a payment' }, slow))
  const form = await screen.findByRole('form', { name: 'Record a payment' }, slow)
  return { user, form }
}

/** The server answers member 5's strips from `ledger`, as it works them out (today Tir 2018). */
function answerFromLedger(ledger: Ledger) {
  const current = '2018-05' as DuesMonth
  server.on('GET', '/api/members/5/dues', (req) => {
    const year = Number(req.search.get('year') ?? 2018)
    return {
      json: storedMemberDues(year, yearStrip(ledger, year, current), {
        start_month: ledger.startMonth,
        arrears: arrearsOf(ledger, current),
        good_standing: false,
      }),
    }
  })
}

/** Opens the form, types an amount and reads the preview's lines. */
async function previewOf(amount: string) {
  const { user, form } = await openForm()
  await user.type(within(form).getByLabelText('Amount (ETB)'), amount)
  const preview = await within(form).findByText('This payment covers:', {}, slow)
  const items = within(preview.parentElement!).getAllByRole('listitem')
  return { user, form, lines: items.map((li) => li.textContent) }
}

const yearsRead = () =>
  server.requests.filter((r) => r.path === '/api/members/5/dues').map((r) => r.search.get('year'))

const posts = () => server.requests.filter((r) => r.method === 'POST' && r.path === '/api/payments')

/** POST /api/payments gives `first` answers in turn, then records the payment at every try. */
function paymentPostsAnswer(...first: Responder[]) {
  let calls = 0
  server.on('POST', '/api/payments', () => first[calls++] ?? { status: 201, json: payment() })
}

/** The clerk's form, opened with `amount` typed. */
async function clerkTypes(amount: string) {
  renderTab(clerk)
  const opened = await openForm()
  await opened.user.type(within(opened.form).getByLabelText('Amount (ETB)'), amount)
  return opened
}

describe('the payment form', () => {
  it('turns typed birr into exact santim, previews the oldest months and sends a key', async () => {
    server.on('POST', '/api/payments', { status: 201, json: payment() })
    renderTab(clerk)
    const { user, form, lines } = await previewOf('125.50')
    expect(lines).toEqual([
      'Meskerem 2018 E.C. 50.00 ETB',
      'Tikimt 2018 E.C. 50.00 ETB',
      'Hidar 2018 E.C. 25.50 ETB',
    ])
    await user.type(within(form).getByLabelText('Reference number (optional)'), 'TX-77')
    await user.click(within(form).getByRole('button', { name: 'Record payment' }))
    expect(await screen.findByText('receipt page', {}, slow)).toBeInTheDocument()
    const [sent] = posts()
    expect(sent.body).toMatchObject({
      fund_id: 1,
      member_id: 5,
      amount: 12550,
      method: 'cash',
      reference: 'TX-77',
    })
    expect(sent.body).not.toHaveProperty('months')
    expect((sent.body as { received_on: string }).received_on).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(sent.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/)
  })

  it('sends the months the clerk picks, months ahead included', async () => {
    server.on('POST', '/api/payments', { status: 201, json: payment() })
    renderTab(clerk)
    const { user, form } = await openForm()
    await user.type(within(form).getByLabelText('Amount (ETB)'), '100')
    await user.click(within(form).getByLabelText('Choose months'))
    await user.click(await within(form).findByLabelText('Tahsas 2018 E.C.', {}, slow))
    await user.click(within(form).getByLabelText('Meskerem 2019 E.C.'))
    expect(
      await within(form).findByText('Meskerem 2019 E.C.', { selector: 'li span' }),
    ).toBeVisible()
    await user.click(within(form).getByRole('button', { name: 'Record payment' }))
    await screen.findByText('receipt page', {}, slow)
    expect(posts()[0].body).toMatchObject({ amount: 10000, months: ['2018-04', '2019-01'] })
  })

  it('offers months as far ahead as the server accepts, and no further', async () => {
    renderTab(clerk)
    const { user, form } = await openForm()
    await user.click(within(form).getByLabelText('Choose months'))
    const furthest = addMonths('2018-05' as DuesMonth, MAX_MONTHS_AHEAD)
    expect(
      await within(form).findByLabelText(duesMonthLabel(furthest, 'en'), {}, slow),
    ).toBeInTheDocument()
    expect(
      within(form).queryByLabelText(duesMonthLabel(addMonths(furthest, 1), 'en')),
    ).not.toBeInTheDocument()
    // The years up to the furthest month are read, so months paid that far ahead are known.
    expect(yearsRead()).toContain(furthest.slice(0, 4))
  })

  it('previews from the oldest month owed, however many years back, as the server fills', async () => {
    answerFromLedger({
      startMonth: '2010-01',
      rates: [{ from_month: '2010-01', amount: 5000 }],
      paid: new Map([['2010-01', 5000]]),
      waived: new Set(),
    })
    renderTab(clerk)
    const { user, form, lines } = await previewOf('75')
    expect(lines).toEqual(['Tikimt 2010 E.C. 50.00 ETB', 'Hidar 2010 E.C. 25.00 ETB'])
    await user.click(within(form).getByLabelText('Choose months'))
    expect(await within(form).findByLabelText('Tikimt 2010 E.C.', {}, slow)).toBeInTheDocument()
    expect(within(form).queryByLabelText('Meskerem 2010 E.C.')).not.toBeInTheDocument()
  })

  it('reads the years back to the oldest month owed, none before', async () => {
    // Dues since Meskerem 2000, but no rate before 2016 and paid to Yekatit 2016.
    const paid = Array.from({ length: 6 }, (_, i) => [`2016-0${i + 1}`, 5000] as const)
    answerFromLedger({
      startMonth: '2000-01',
      rates: [{ from_month: '2016-01', amount: 5000 }],
      paid: new Map(paid),
      waived: new Set(),
    })
    renderTab(clerk)
    expect((await previewOf('50')).lines).toEqual(['Megabit 2016 E.C. 50.00 ETB'])
    expect(yearsRead()).toContain('2016')
    expect(yearsRead()).not.toContain('2015')
  })

  it('refuses an amount with more decimals than the currency has, without sending', async () => {
    renderTab(clerk)
    const { user, form } = await openForm()
    await user.type(within(form).getByLabelText('Amount (ETB)'), '12.345')
    await user.click(within(form).getByRole('button', { name: 'Record payment' }))
    expect(
      await within(form).findByText(
        'Please type an amount above 0, with at most 2 digits after the point.',
      ),
    ).toBeInTheDocument()
    expect(posts()).toHaveLength(0)
  })

  it("explains the server's apiError, and retries a lost answer with the same key", async () => {
    paymentPostsAnswer(apiError(400, 'x', { amount: 'amountAboveMonths' }), 'network-error')
    const { user, form } = await clerkTypes('50')
    const submit = within(form).getByRole('button', { name: 'Record payment' })
    await user.click(submit)
    expect(
      await within(form).findByText(/The amount is more than the chosen months owe/, {}, slow),
    ).toBeInTheDocument()
    await user.click(submit)
    expect(await within(form).findByText(/will not be recorded twice/, {}, slow)).toBeVisible()
    await user.click(submit)
    await screen.findByText('receipt page', {}, slow)
    const keys = posts().map((r) => r.headers.get('Idempotency-Key'))
    expect(keys).toHaveLength(3)
    // A refusal frees the key; a lost answer keeps it so the retry cannot pay twice.
    expect(keys[0]).not.toBe(keys[1])
    expect(keys[1]).toBe(keys[2])
  })

  it('keeps a lost answer’s key when the form is cancelled and opened again', async () => {
    paymentPostsAnswer('network-error')
    const { user, form } = await clerkTypes('50')
    await user.click(within(form).getByRole('button', { name: 'Record payment' }))
    expect(await within(form).findByText(/will not be recorded twice/, {}, slow)).toBeVisible()
    await user.click(within(form).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull(), slow)

    // Recorded again from a new opening: the server answers the first try, if it got it.
    const again = await openForm()
    await again.user.type(within(again.form).getByLabelText('Amount (ETB)'), '50')
    await again.user.click(within(again.form).getByRole('button', { name: 'Record payment' }))
    await screen.findByText('receipt page', {}, slow)
    const keys = posts().map((r) => r.headers.get('Idempotency-Key'))
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    // Answered: the tab keeps no key for this member any more.
    expect(sessionStorage.length).toBe(0)
  })

  it('stops waiting for a payment with no answer, says it may be recorded, retries with its key', async () => {
    paymentPostsAnswer('no-answer')
    const { user, form } = await clerkTypes('50')
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] })
    try {
      fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }))
      await waitFor(() => expect(posts()).toHaveLength(1))
      await act(() => jest.advanceTimersByTimeAsync(KEYED_CREATE_TIMEOUT_MS))
    } finally {
      jest.useRealTimers()
    }
    expect(await within(form).findByText(/may have been recorded/, {}, slow)).toBeVisible()
    await user.click(within(form).getByRole('button', { name: 'Record payment' }))
    await screen.findByText('receipt page', {}, slow)
    const keys = posts().map((r) => r.headers.get('Idempotency-Key'))
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
  })

  it('keeps the recorded payment for its receipt, which then needs no second read', async () => {
    const recorded = payment({ id: 13, receipt_number: '2018-000013' })
    server.on('POST', '/api/payments', { status: 201, json: recorded })
    const { store } = renderTab(clerk)
    const { user, form } = await openForm()
    await user.type(within(form).getByLabelText('Amount (ETB)'), '125.50')
    await user.click(within(form).getByRole('button', { name: 'Record payment' }))
    await screen.findByText('receipt page', {}, slow)
    const read = await store.dispatch(duesApi.endpoints.payment.initiate(13))
    expect(read.data).toEqual(recorded)
    expect(server.requests.filter((r) => r.path === '/api/payments/13')).toHaveLength(0)
  })

  it('says that a day whose cash-up is closed takes no more payments', async () => {
    server.on(
      'POST',
      '/api/payments',
      apiError(409, 'The cash-up of that day is closed', { received_on: 'dayClosed' }),
    )
    const { user, form } = await clerkTypes('50')
    await user.click(within(form).getByRole('button', { name: 'Record payment' }))
    expect(
      await within(form).findByText(/Your cash-up for this day is closed/, {}, slow),
    ).toBeVisible()
  })

  it('says so when a changed form meets the payment its lost try recorded; then records anew', async () => {
    paymentPostsAnswer(
      'network-error',
      apiError(422, 'x', { 'Idempotency-Key': 'keyUsedForOtherPayment' }),
    )
    const { user, form } = await clerkTypes('50')
    const amount = within(form).getByLabelText('Amount (ETB)')
    const submit = within(form).getByRole('button', { name: 'Record payment' })
    await user.click(submit)
    expect(await within(form).findByText(/will not be recorded twice/, {}, slow)).toBeVisible()
    await user.type(amount, '0')
    await user.click(submit)
    expect(
      await within(form).findByText(/already recorded a payment with other details/, {}, slow),
    ).toBeVisible()
    await user.click(submit)
    await screen.findByText('receipt page', {}, slow)
    const keys = posts().map((r) => r.headers.get('Idempotency-Key'))
    expect(keys).toHaveLength(3)
    expect(keys[0]).toBe(keys[1])
    expect(keys[2]).not.toBe(keys[1])
  })

  it('a gift has no months', async () => {
    server.on('POST', '/api/payments', { status: 201, json: payment({ fund_id: 2 }) })
    renderTab(clerk)
    const { user, form } = await openForm()
    await user.click(within(form).getByLabelText('Fund'))
    await user.click(await screen.findByTitle('Tithe'))
    expect(within(form).queryByText('Months covered')).not.toBeInTheDocument()
    await user.type(within(form).getByLabelText('Amount (ETB)'), '1,000')
    await user.click(within(form).getByRole('button', { name: 'Record payment' }))
    await screen.findByText('receipt page', {}, slow)
    expect(posts()[0].body).toMatchObject({ fund_id: 2, amount: 100000 })
    expect(posts()[0].body).not.toHaveProperty('months')
  })

  it("says in the user's language that the payer is gone, not in the server's English", async () => {
    server.on('POST', '/api/payments', apiError(404, 'Not found'))
    renderTab(clerk, 'am')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'ክፍያ ይመዝግቡ' }, slow))
    const form = await screen.findByRole('form', { name: 'ክፍያ ይመዝግቡ' }, slow)
    await user.type(within(form).getByLabelText('መጠን (ETB)'), '50')
    await user.click(within(form).getByRole('button', { name: 'ክፍያውን ይመዝግቡ' }))
    expect(
      await within(form).findByText(
        'ይህ አባል ወይም ቤተሰብ የለም ወይም እርስዎ ሊያዩት አይችሉም። ምንም አልተቀመጠም።',
        {},
        slow,
      ),
    ).toBeVisible()
    expect(within(form).queryByText('Not found')).toBeNull()
  })
})

/** Opens the void dialog of receipt 2018-000007 and sends it with a reason: the dialog. */
async function sendVoid(user: ReturnType<typeof userEvent.setup>) {
  const row = (await screen.findByText('2018-000007', {}, slow)).closest('li')!
  await user.click(within(row).getByRole('button', { name: 'Void' }))
  const dialog = await screen.findByRole('dialog', { name: 'Void receipt 2018-000007' }, slow)
  await user.type(within(dialog).getByLabelText('Reason'), 'Counted twice')
  await user.click(within(dialog).getByRole('button', { name: 'Void' }))
  return dialog
}

describe('the payments list and the admin actions', () => {
  beforeEach(() => {
    server.on('GET', '/api/payments', { json: { items: [payment()], next_cursor: null } })
  })

  it('a clerk records and reprints, voids only its own payments and never waives', async () => {
    server.on('GET', '/api/payments', {
      json: {
        items: [payment(), payment({ id: 10, receipt_number: '2018-000008', received_by: 'ana' })],
        next_cursor: null,
      },
    })
    renderTab(clerk)
    const row = (await screen.findByText('2018-000007', {}, slow)).closest('li')!
    expect(within(row).getByRole('link', { name: 'Receipt' })).toHaveAttribute(
      'href',
      '/payments/9/receipt',
    )
    expect(within(row).getByRole('button', { name: 'Void' })).toBeInTheDocument()
    const others = screen.getByText('2018-000008').closest('li')!
    expect(within(others).queryByRole('button', { name: 'Void' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Waive months' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Record a payment' })).toBeInTheDocument()
  })

  it('tells a clerk that a closed day’s payment is an admin’s to void', async () => {
    server.on(
      'POST',
      '/api/payments/9/void',
      apiError(403, 'The cash-up of that day is closed: an admin voids its payments', {
        received_on: 'dayClosed',
      }),
    )
    renderTab(clerk)
    const dialog = await sendVoid(userEvent.setup())
    expect(
      await within(dialog).findByText(
        'This day’s cash-up is closed: only an admin can void its payments.',
      ),
    ).toBeInTheDocument()
  })

  it('tells a clerk whose role no longer voids so, not that the day is closed', async () => {
    server.on('POST', '/api/payments/9/void', apiError(403, 'Not allowed for this role'))
    renderTab(clerk)
    const dialog = await sendVoid(userEvent.setup())
    expect(await within(dialog).findByText('Your role does not allow this.')).toBeInTheDocument()
    expect(within(dialog).queryByText(/cash-up is closed/)).toBeNull()
  })

  it('keeps the list and the refusal when the refetch after it fails', async () => {
    server.on('POST', '/api/payments/9/void', apiError(403, 'closed', { received_on: 'dayClosed' }))
    renderTab(clerk)
    const user = userEvent.setup()
    await screen.findByText('2018-000007', {}, slow)
    // The refusal invalidates the strip and the list; their refetches fail from here on.
    server.on('GET', '/api/payments', { status: 500, json: { message: 'down' } })
    server.on('GET', '/api/members/5/dues', { status: 500, json: { message: 'down' } })
    const dialog = await sendVoid(user)
    const listReads = () =>
      server.requests.filter((r) => r.method === 'GET' && r.path === '/api/payments').length
    await waitFor(() => expect(listReads()).toBe(2))
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull())
    expect(
      within(dialog).getByText(
        'This day’s cash-up is closed: only an admin can void its payments.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('2018-000007')).toBeInTheDocument()
  })

  it('takes a retried void that hears “void already” as done and shows the payment void', async () => {
    // The first void was stored but its answer lost: the list now reads the payment void.
    server.on('POST', '/api/payments/9/void', () => {
      server.on('GET', '/api/payments', {
        json: {
          items: [payment({ status: 'void', void_reason: 'Counted twice' })],
          next_cursor: null,
        },
      })
      return apiError(409, 'This payment is void already')
    })
    renderTab(clerk)
    await sendVoid(userEvent.setup())
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), slow)
    const voided = (await screen.findByText('2018-000007', {}, slow)).closest('li')!
    expect(await within(voided).findByText('Void', {}, slow)).toBeInTheDocument()
    expect(within(voided).queryByRole('button', { name: 'Void' })).not.toBeInTheDocument()
    expect(screen.queryByText('This payment is void already')).not.toBeInTheDocument()
  })

  it("says in the user's language why the server refused a void, not in its English", async () => {
    server.on(
      'POST',
      '/api/payments/9/void',
      apiError(400, 'Give the reason for voiding', { reason: 'fieldRequired' }),
    )
    renderTab(clerk, 'am')
    const user = userEvent.setup()
    const row = (await screen.findByText('2018-000007', {}, slow)).closest('li')!
    await user.click(within(row).getByRole('button', { name: 'ውድቅ ያድርጉ' }))
    const dialog = await screen.findByRole('dialog', {}, slow)
    await user.type(within(dialog).getByLabelText('ምክንያት'), 'x')
    await user.click(within(dialog).getByRole('button', { name: 'ውድቅ ያድርጉ' }))
    expect(await within(dialog).findByText('ይህ መስክ መሞላት አለበት', {}, slow)).toBeVisible()
    expect(within(dialog).queryByText(/Give the reason/)).toBeNull()
  })

  it('an auditor reads but records nothing', async () => {
    renderTab(auditor)
    await screen.findByText('2018-000007', {}, slow)
    expect(screen.queryByRole('button', { name: 'Record a payment' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument()
  })

  it('an admin voids with a reason', async () => {
    server.on('POST', '/api/payments/9/void', {
      json: payment({ status: 'void', void_reason: 'Entered twice' }),
    })
    renderTab(admin)
    const user = userEvent.setup()
    const row = (await screen.findByText('2018-000007', {}, slow)).closest('li')!
    await user.click(within(row).getByRole('button', { name: 'Void' }))
    const dialog = await screen.findByRole('dialog', { name: 'Void receipt 2018-000007' }, slow)
    await user.click(within(dialog).getByRole('button', { name: 'Void' }))
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Reason'), 'Entered twice')
    await user.click(within(dialog).getByRole('button', { name: 'Void' }))
    await waitFor(() =>
      expect(server.requests.find((r) => r.path === '/api/payments/9/void')?.body).toEqual({
        reason: 'Entered twice',
      }),
    )
  })

  it('an admin waives months of the year with a reason', async () => {
    server.on('POST', '/api/dues/waivers', { status: 201, json: {} })
    renderTab(admin)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Waive months' }, slow))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByLabelText('Meskerem 2018 E.C.'))
    await user.click(within(dialog).getByLabelText('Tikimt 2018 E.C.'))
    await user.type(within(dialog).getByLabelText('Reason'), 'Council decision 12')
    await user.click(within(dialog).getByRole('button', { name: 'Waive months' }))
    await waitFor(() =>
      expect(server.requests.find((r) => r.path === '/api/dues/waivers')?.body).toEqual({
        fund_id: 1,
        member_id: 5,
        months: ['2018-01', '2018-02'],
        reason: 'Council decision 12',
      }),
    )
  })

  /** An admin waives Meskerem 2018 in Amharic, with a reason: the dialog, once sent. */
  async function waiveMeskeremInAmharic() {
    renderTab(admin, 'am')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'ለወራት ምሕረት ያድርጉ' }, slow))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByLabelText(duesMonthLabel('2018-01', 'am')))
    await user.type(within(dialog).getByLabelText('ምክንያት'), 'የሰበካ ጉባኤ ውሳኔ')
    await user.click(within(dialog).getByRole('button', { name: 'ለወራት ምሕረት ያድርጉ' }))
    return dialog
  }

  it("says in the user's language why the server refused a waiver, not in its English", async () => {
    server.on(
      'POST',
      '/api/dues/waivers',
      apiError(400, '2018-01 owes nothing: paid, waived, or before dues start', {
        months: 'monthNotOwed',
      }),
    )
    const dialog = await waiveMeskeremInAmharic()
    expect(
      await within(dialog).findByText(
        'ከተመረጡት ወራት አንዱ የሚፈለግበት ክፍያ የለም፤ ተከፍሏል፣ ምሕረት ተደርጎለታል ወይም ክፍያ ከመጀመሩ በፊት ነው።',
        {},
        slow,
      ),
    ).toBeVisible()
    expect(within(dialog).queryByText(/owes nothing/)).toBeNull()
  })

  it('says a waiver month too far ahead is refused, in the user’s language', async () => {
    server.on(
      'POST',
      '/api/dues/waivers',
      apiError(400, '2018-01 is too far ahead', { months: 'monthTooFarAhead' }),
    )
    const dialog = await waiveMeskeremInAmharic()
    expect(await within(dialog).findByText('ከተመረጡት ወራት አንዱ በጣም ወደፊት ነው።', {}, slow)).toBeVisible()
  })

  it("an admin sets the member's reduced-rate category; a clerk cannot", async () => {
    server.on('PUT', '/api/members/5/dues', { json: answer(2018) })
    renderTab(admin)
    const user = userEvent.setup()
    await user.click(await screen.findByLabelText('Rate category', {}, slow))
    await user.click(await screen.findByTitle('Student'))
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
        category: 'student',
      }),
    )
  })

  it("an admin sets the member's dues start month, and clears it again", async () => {
    server.on('PUT', '/api/members/5/dues', { json: {} })
    server.on('GET', '/api/members/5/dues', (req) => ({
      json: {
        ...answer(Number(req.search.get('year') ?? 2018)),
        ...(server.requests.some((r) => r.method === 'PUT')
          ? { start_month: '2017-05', start_month_set: true }
          : {}),
      },
    }))
    renderTab(admin)
    const user = userEvent.setup()
    const start = await screen.findByRole('group', { name: 'Dues start from' }, slow)
    expect(start).toHaveTextContent('Dues run from the day the member joined')
    await user.click(within(start).getByLabelText('Month'))
    await user.click(await screen.findByTitle('Tir'))
    const year = within(start).getByLabelText('Year (E.C.)')
    await user.clear(year)
    await user.type(year, '2017')
    await user.click(within(start).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
        start_month: '2017-05',
      }),
    )
    // The answer after the change says the office set it, and offers to clear it.
    const reset = await screen.findByRole('button', { name: 'Use the date joined' }, slow)
    expect(screen.getByRole('group', { name: 'Dues start from' })).toHaveTextContent(
      'Set by the office.',
    )
    await user.click(reset)
    await waitFor(() =>
      expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
        { start_month: '2017-05' },
        { start_month: null },
      ]),
    )
  })

  it('refuses a start year out of range without sending', async () => {
    renderTab(admin)
    const user = userEvent.setup()
    const start = await screen.findByRole('group', { name: 'Dues start from' }, slow)
    const year = within(start).getByLabelText('Year (E.C.)')
    await user.clear(year)
    expect(within(start).getByRole('button', { name: 'Save' })).toBeDisabled()
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false)
  })

  it('hides the category and the start month from a clerk', async () => {
    renderTab(clerk)
    await screen.findByText('2018-000007', {}, slow)
    expect(screen.queryByLabelText('Rate category')).not.toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Dues start from' })).not.toBeInTheDocument()
  })
})
