import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import { renderRoute } from '../../testing/renderWithProviders'
import type { MemberStats } from './homeApi'

const SLOW = { timeout: 10_000 }

const stats: MemberStats = {
  today: '2026-09-20',
  calendar: 'ethiopian',
  total: 12,
  by_status: [
    { status: 'member', n: 9 },
    { status: 'visitor', n: 3 },
  ],
  new_this_month: 2,
  new_this_year: 4,
  transfers_in_this_month: 1,
  transfers_out_this_month: null,
  gender: [
    { gender: 'female', n: 7 },
    { gender: 'male', n: 5 },
  ],
  age_bands: [
    { band: '0-12', n: 1 },
    { band: '13-18', n: 2 },
    { band: '19-30', n: 3 },
    { band: '31-45', n: 3 },
    { band: '46-60', n: 2 },
    { band: '60+', n: 1 },
    { band: 'unknown', n: 0 },
  ],
  ministries: [{ ministry: 'choir', n: 4 }],
  registrations_by_month: [
    { year: 2018, month: 12, n: 1 },
    { year: 2018, month: 13, n: 2 },
    { year: 2019, month: 1, n: 2 },
  ],
  this_week: {
    from: '2026-09-20',
    to: '2026-09-26',
    birthdays: {
      total: 1,
      items: [
        {
          id: 5,
          first_name: 'Almaz',
          middle_name: 'Bekele',
          last_name: 'Girma',
          date: '1990-09-22',
          on: '2026-09-22',
          years: 36,
        },
      ],
    },
    baptisms: { total: 0, items: [] },
    memberships: { total: 0, items: [] },
  },
}

let server: MockServer
beforeEach(() => {
  server = installMockServer()
  server.on('GET', '/api/stats', { json: stats })
  server.on('GET', /\/api\/members\/search/, { json: { items: [], total: 0, next_cursor: null } })
  server.on('GET', '/api/users', { json: [] })
})
afterEach(() => server.restore())

const admin = { id: 1, username: 'admin' }

describe('HomeScreen', () => {
  it('asks for the figures in the user calendar, day and offset', async () => {
    renderRoute('/home', { signedInAs: admin })
    await screen.findByText('Total members', undefined, SLOW)
    const call = server.requests.find((r) => r.path === '/api/stats')!
    expect(call.search.get('owner')).toBe('all')
    expect(call.search.get('calendar')).toBe('gregorian')
    expect(call.search.get('today')).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(call.search.get('tz')).toBe(String(-new Date().getTimezoneOffset()))
  })

  it('shows the figures, this week and each chart as a table', async () => {
    renderRoute('/home', { signedInAs: admin })
    const total = await screen.findByRole(
      'button',
      { name: 'Total members: 12. Show them in the member list' },
      SLOW,
    )
    expect(total).toBeInTheDocument()
    expect(screen.getByText('Not recorded yet')).toBeInTheDocument()
    expect(screen.getByText('Almaz Bekele Girma')).toBeInTheDocument()
    expect(screen.getByText(/36 years/)).toBeInTheDocument()
    // Months of the figures' calendar (Ethiopian here), Pagume included, in the table.
    const months = await screen.findByRole('table', { name: 'Registrations per month' }, SLOW)
    expect(within(months).getByRole('rowheader', { name: 'Pagume 2018 E.C.' })).toBeInTheDocument()
    expect(
      within(months).getByRole('rowheader', { name: 'Meskerem 2019 E.C.' }),
    ).toBeInTheDocument()
    const byStatus = screen.getByRole('table', { name: 'Members by status' })
    expect(within(byStatus).getByRole('row', { name: 'Visitor 3' })).toBeInTheDocument()
  })

  it('opens the member list filtered by a status', async () => {
    const { router } = renderRoute('/home', { signedInAs: admin })
    fireEvent.click(await screen.findByRole('button', { name: /^Visitor: 3\./ }, SLOW))
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'))
    await waitFor(
      () =>
        expect(
          server.requests.some(
            (r) => r.path === '/api/members/search' && r.search.get('status') === 'visitor',
          ),
        ).toBe(true),
      SLOW,
    )
    // The address is cleaned; the filter lives in the list's own state.
    expect(router.state.location.search).toBe('')
  })

  it.each([
    ['am', 'ethiopian', ['ነሐሴ 2018 ዓ.ም.', 'ጳጉሜ 2018 ዓ.ም.', 'መስከረም 2019 ዓ.ም.']],
    ['am', 'gregorian', ['ኦገስት 2026 እ.ኤ.አ.', 'ሴፕቴምበር 2026 እ.ኤ.አ.', 'ጃንዋሪ 2027 እ.ኤ.አ.']],
    ['om', 'ethiopian', ['Hagayya 2018 ALI', 'Qaammee 2018 ALI', 'Fulbaana 2019 ALI']],
    ['om', 'gregorian', ['Hagayya 2026 ALA', 'Fulbaana 2026 ALA', 'Amajjii 2027 ALA']],
    ['en', 'gregorian', ['August 2026', 'September 2026', 'January 2027']],
  ] as const)(
    'writes the era mark after each chart month (%s, %s calendar)',
    async (language, calendar, expected) => {
      const months =
        calendar === 'ethiopian'
          ? stats.registrations_by_month
          : [
              { year: 2026, month: 8, n: 1 },
              { year: 2026, month: 9, n: 2 },
              { year: 2027, month: 1, n: 2 },
            ]
      server.on('GET', '/api/stats', {
        json: { ...stats, calendar, registrations_by_month: months },
      })
      renderRoute('/home', { signedInAs: admin, language })
      const title =
        language === 'am'
          ? 'በወር የተመዘገቡ'
          : language === 'om'
            ? "Galmee ji'aan"
            : 'Registrations per month'
      const table = await screen.findByRole('table', { name: title }, SLOW)
      const headers = within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent)
      expect(headers).toEqual(expected)
    },
  )

  it.each([
    ['en', 'Collected in Hidar 2019 E.C.'],
    ['am', 'በኅዳር 2019 ዓ.ም. የተሰበሰበ'],
    ['om', 'Sadaasa 2019 ALI keessatti kan walitti qabame'],
  ] as const)('writes the era mark after the dues figure’s month (%s)', async (language, label) => {
    server.on('GET', '/api/stats', {
      json: {
        ...stats,
        dues: {
          currency: 'ETB',
          month: '2019-03',
          collected: 1304500,
          payments: 3,
          members_in_arrears: 2,
        },
      },
    })
    renderRoute('/home', { signedInAs: admin, language })
    const figure = (await screen.findByText(label, undefined, SLOW)).closest('.home-figure')
    expect(figure?.querySelector('.home-figure-value')?.textContent).toBe('13,045.00 ETB')
  })

  it('names each figure to a screen reader in the language’s own punctuation', async () => {
    renderRoute('/home', { signedInAs: admin, language: 'am' })
    expect(
      await screen.findByRole('button', { name: 'ጠቅላላ አባላት፦ 12። በአባላት ዝርዝር ውስጥ ያሳዩ' }, SLOW),
    ).toBeInTheDocument()
  })

  it('says so when the figures cannot be loaded', async () => {
    server.on('GET', '/api/stats', { status: 500, json: { success: false, message: 'x' } })
    renderRoute('/home', { signedInAs: admin })
    expect(
      await screen.findByText('The figures could not be loaded.', undefined, SLOW),
    ).toBeInTheDocument()
  })
})

describe('ReportScreen', () => {
  it("prints the church profile's name over the report, in the reader's language", async () => {
    server.on('GET', '/api/church', {
      json: { name_am: 'ደብረ ሰላም መድኃኔዓለም', name_en: 'Debre Selam Medhane Alem', name_om: '' },
    })
    renderRoute('/home/report', { signedInAs: admin })
    expect(await screen.findByText('Debre Selam Medhane Alem', undefined, SLOW)).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument()
  })

  it('prints the Amharic name for an Amharic reader, not the start-up setting', async () => {
    server.on('GET', '/api/stats', { json: { ...stats, church_name: 'From CHURCH_NAME' } })
    server.on('GET', '/api/church', {
      json: { name_am: 'ደብረ ሰላም መድኃኔዓለም', name_en: 'Debre Selam Medhane Alem', name_om: '' },
    })
    renderRoute('/home/report', { signedInAs: admin, language: 'am' })
    expect(await screen.findByText('ደብረ ሰላም መድኃኔዓለም', undefined, SLOW)).toBeInTheDocument()
    expect(screen.queryByText('From CHURCH_NAME')).not.toBeInTheDocument()
  })

  it('quotes the search it was printed for as Amharic does', async () => {
    renderRoute('/home/report?q=%E1%8A%A0%E1%89%A0%E1%89%A0', { signedInAs: admin, language: 'am' })
    expect(await screen.findByText(/ማጣሪያ፦ «አበበ»/, undefined, SLOW)).toBeInTheDocument()
  })

  // Admins change the church profile's logo; the others only see it.
  const churchAdmin = { ...admin, role: 'admin' as const }
  const logoBytes = new Uint8Array([1, 1, 1])
  const serveLogo = (logoUrl: string | null) => {
    server.on('GET', '/api/church', { json: { name_en: 'St Mary', logo_url: logoUrl } })
    server.on('GET', '/api/church/logo', {
      body: logoBytes,
      headers: { 'content-type': 'image/png' },
    })
  }

  it("prints the church profile's logo, read from the server", async () => {
    serveLogo('/api/church/logo?v=1')
    renderRoute('/home/report', { signedInAs: churchAdmin })
    const logo = await screen.findByRole('img', { name: 'Church logo' }, SLOW)
    expect(logo).toHaveAttribute('src', 'data:image/png;base64,AQEB')
    expect(logo.closest('.report-header')).not.toBeNull()
    expect(screen.getByRole('button', { name: 'Remove logo' })).toBeInTheDocument()
  })

  it('shows no logo while the church profile has none, whatever the device kept', async () => {
    serveLogo(null)
    localStorage.setItem('churchLogo', 'data:image/png;base64,AQEB')
    renderRoute('/home/report', { signedInAs: churchAdmin })
    await screen.findByText('Total members', undefined, SLOW)
    expect(screen.queryByRole('img', { name: 'Church logo' })).toBeNull()
    expect(document.querySelector('.report-logo')).toBeNull()
  })

  it("saves an admin's picked logo in the church profile, and removes it", async () => {
    let logoUrl: string | null = null
    server.on('GET', '/api/church', () => ({ json: { name_en: 'St Mary', logo_url: logoUrl } }))
    server.on('GET', '/api/church/logo', {
      body: logoBytes,
      headers: { 'content-type': 'image/png' },
    })
    server.on('PUT', '/api/church', (req) => {
      logoUrl = (req.body as { logo: string | null }).logo ? '/api/church/logo?v=2' : null
      return { json: { name_en: 'St Mary', logo_url: logoUrl } }
    })
    renderRoute('/home/report', { signedInAs: churchAdmin })
    await screen.findByText('Total members', undefined, SLOW)
    const input = document.querySelector('.report-controls input[type=file]') as HTMLInputElement
    const file = new File([new Uint8Array(3).fill(1)], 'logo.png', { type: 'image/png' })
    fireEvent.change(input, { target: { files: [file] } })
    const logo = await screen.findByRole('img', { name: 'Church logo' }, SLOW)
    expect(logo).toHaveAttribute('src', 'data:image/png;base64,AQEB')
    const puts = () => server.requests.filter((r) => r.method === 'PUT').map((r) => r.body)
    expect(puts()).toEqual([{ logo: 'data:image/png;base64,AQEB' }])
    fireEvent.click(screen.getByRole('button', { name: 'Remove logo' }))
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Church logo' })).toBeNull())
    expect(puts()).toEqual([{ logo: 'data:image/png;base64,AQEB' }, { logo: null }])
  })

  it('offers no logo picker to a clerk', async () => {
    serveLogo('/api/church/logo?v=1')
    renderRoute('/home/report', { signedInAs: { id: 2, username: 'hanna', role: 'clerk' } })
    await screen.findByRole('img', { name: 'Church logo' }, SLOW)
    expect(document.querySelector('.report-controls input[type=file]')).toBeNull()
  })

  it('prints the history head for admins, and asks for it only for admins and auditors', async () => {
    const hash = 'ab'.repeat(32)
    server.on('GET', '/api/audit/head', { json: { count: 42, hash } })
    const view = renderRoute('/home/report', { signedInAs: { ...admin, role: 'admin' } })
    expect(await screen.findByText(`42:${hash}`, undefined, SLOW)).toBeInTheDocument()
    expect(document.querySelector('.report-history-head')).toHaveTextContent(
      'History head (events:hash)',
    )
    view.unmount()
    server.requests.length = 0
    renderRoute('/home/report', { signedInAs: { ...admin, role: 'clerk' } })
    await screen.findByText('Total members', undefined, SLOW)
    expect(server.requests.some((r) => r.path === '/api/audit/head')).toBe(false)
    expect(document.querySelector('.report-history-head')).toBeNull()
  })

  it('leaves it out when none is set', async () => {
    renderRoute('/home/report', { signedInAs: churchAdmin })
    await screen.findByText('Total members', undefined, SLOW)
    expect(document.querySelector('.report-church')).toBeNull()
  })
})
