import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { apiError, installMockServer, type MockServer } from '../../testing/mockServer'
import { expectLedHome, renderRoute, slow } from '../../testing/renderWithProviders'
import { storedFund } from '../../testing/storedDues'
import { admin } from '../../testing/staffAccounts'

jest.setTimeout(60_000)

const dues = storedFund({
  rates: [
    { category: '', from_month: '2018-01', amount: 5000 },
    { category: 'student', from_month: '2018-01', amount: 2000 },
  ],
})

let server: MockServer
beforeEach(() => {
  server = installMockServer()
  server.on('GET', '/api/funds', { json: [dues] })
  server.on('GET', '/api/church', { json: { currency: 'ETB', name_en: 'St Mary' } })
})
afterEach(() => {
  server.restore()
  localStorage.clear()
})

const bodies = (method: string, path: string) =>
  server.requests.filter((r) => r.method === method && r.path === path).map((r) => r.body)

describe('the funds screen', () => {
  it('lists funds with their monthly amounts from Ethiopian months', async () => {
    renderRoute('/funds', { signedInAs: admin })
    const rates = await screen.findByRole('list', { name: 'Monthly amounts' }, slow)
    expect(
      within(rates)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Standard rate: 50.00 ETB from Meskerem 2018 E.C.',
      'Student: 20.00 ETB from Meskerem 2018 E.C.',
    ])
  })

  it('creates a gift fund named in three languages', async () => {
    server.on('POST', '/api/funds', { status: 201, json: { ...dues, id: 2, kind: 'gift' } })
    const user = userEvent.setup()
    renderRoute('/funds', { signedInAs: admin })
    await user.click(await screen.findByRole('button', { name: 'New fund' }, slow))
    const dialog = await screen.findByRole('dialog', { name: 'New fund' })
    await user.click(within(dialog).getByLabelText('Kind'))
    await user.click(await screen.findByTitle('Gift (no months)'))
    await user.type(within(dialog).getByLabelText('Name in Amharic'), 'አሥራት')
    await user.type(within(dialog).getByLabelText('Name in English'), 'Tithe')
    await user.type(within(dialog).getByLabelText('Name in Afaan Oromoo'), 'Kurnaa')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(bodies('POST', '/api/funds')).toEqual([
        expect.objectContaining({
          kind: 'gift',
          name_am: 'አሥራት',
          name_en: 'Tithe',
          name_om: 'Kurnaa',
        }),
      ]),
    )
  })

  it('over a weak connection: the retry sends the same key, so one fund is made', async () => {
    let calls = 0
    server.on('POST', '/api/funds', () =>
      ++calls === 1 ? 'network-error' : { status: 201, json: { ...dues, id: 2 } },
    )
    const user = userEvent.setup()
    renderRoute('/funds', { signedInAs: admin })
    await user.click(await screen.findByRole('button', { name: 'New fund' }, slow))
    const dialog = await screen.findByRole('dialog', { name: 'New fund' })
    await user.type(within(dialog).getByLabelText('Name in English'), 'Monthly dues')
    const save = within(dialog).getByRole('button', { name: 'Save' })
    await user.click(save)
    expect(await within(dialog).findByText(/fund was not saved/, {}, slow)).toBeVisible()
    await user.click(save)
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), slow)
    const keys = server.requests
      .filter((r) => r.method === 'POST' && r.path === '/api/funds')
      .map((r) => r.headers.get('Idempotency-Key'))
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/)
    expect(keys[1]).toBe(keys[0])
  })

  it('gives a fund started afresh (the dialog closed and opened again) a new key', async () => {
    server.on('POST', '/api/funds', 'network-error')
    const user = userEvent.setup()
    renderRoute('/funds', { signedInAs: admin })
    for (const name of ['Monthly dues', 'Building fund']) {
      await user.click(await screen.findByRole('button', { name: 'New fund' }, slow))
      const dialog = await screen.findByRole('dialog', { name: 'New fund' })
      await user.type(within(dialog).getByLabelText('Name in English'), name)
      await user.click(within(dialog).getByRole('button', { name: 'Save' }))
      expect(await within(dialog).findByText(/fund was not saved/, {}, slow)).toBeVisible()
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
      await waitFor(() => expect(dialog).not.toBeInTheDocument(), slow)
    }
    const keys = server.requests
      .filter((r) => r.method === 'POST' && r.path === '/api/funds')
      .map((r) => r.headers.get('Idempotency-Key'))
    expect(keys).toHaveLength(2)
    expect(keys[1]).not.toBe(keys[0])
  })

  it("says in the user's language why the server refused a name, not in the server's English", async () => {
    server.on(
      'POST',
      '/api/funds',
      apiError(400, 'A fund name is one line: no tabs or line breaks', { name_am: 'invalidValue' }),
    )
    const user = userEvent.setup()
    renderRoute('/funds', { signedInAs: admin, language: 'am' })
    await user.click(await screen.findByRole('button', { name: 'አዲስ የገቢ ዓይነት' }, slow))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getAllByRole('textbox')[0], 'አሥራት')
    await user.click(within(dialog).getByRole('button', { name: 'ያስቀምጡ' }))
    expect(
      await within(dialog).findByText(
        'የገቢ ዓይነቱ ስም አንድ መስመር ነው፤ እባክዎ ትሮችንና የመስመር መግቻዎችን ያስወግዱ።',
        {},
        slow,
      ),
    ).toBeVisible()
    expect(within(dialog).queryByText(/one line/)).toBeNull()
  })

  it('refuses a fund without any name', async () => {
    const user = userEvent.setup()
    renderRoute('/funds', { signedInAs: admin })
    await user.click(await screen.findByRole('button', { name: 'New fund' }, slow))
    const dialog = await screen.findByRole('dialog', { name: 'New fund' })
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(
      await within(dialog).findByText('Please give the fund a name in at least one language.'),
    ).toBeInTheDocument()
    expect(bodies('POST', '/api/funds')).toHaveLength(0)
  })

  it('sets a monthly amount from an Ethiopian month, in exact santim', async () => {
    server.on('POST', '/api/funds/1/rates', { status: 201, json: dues })
    const user = userEvent.setup()
    renderRoute('/funds', { signedInAs: admin })
    await user.click(await screen.findByRole('button', { name: 'Set monthly amount' }, slow))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByLabelText('From the month of'))
    await user.click(await screen.findByTitle('Tir'))
    const year = within(dialog).getByLabelText('Year (E.C.)')
    await user.clear(year)
    await user.type(year, '2019')
    await user.type(within(dialog).getByLabelText('Monthly amount (ETB)'), '60.10')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(bodies('POST', '/api/funds/1/rates')).toEqual([
        { amount: 6010, from_month: '2019-05', category: '' },
      ]),
    )
  })

  it('closes a fund', async () => {
    server.on('PUT', '/api/funds/1', { json: { ...dues, active: false } })
    const user = userEvent.setup()
    renderRoute('/funds', { signedInAs: admin })
    await user.click(await screen.findByRole('button', { name: 'Close' }, slow))
    await waitFor(() => expect(bodies('PUT', '/api/funds/1')).toEqual([{ active: false }]))
  })

  it('is for admins only', async () => {
    await expectLedHome(server, '/funds', 'clerk', '/api/funds')
  })
})
