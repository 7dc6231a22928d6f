// The dashboard's household figures (issue 44): the number of households and of members in
// none, each shown under its own label, and the households figure opening the household list.
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import { renderRoute } from '../../testing/renderWithProviders'
import type { MemberStats } from './homeApi'

const SLOW = { timeout: 10_000 }

const stats: MemberStats = {
  today: '2026-09-20',
  calendar: 'gregorian',
  total: 5321,
  by_status: [{ status: 'member', n: 5321 }],
  new_this_month: 0,
  new_this_year: 0,
  transfers_in_this_month: 0,
  transfers_out_this_month: 0,
  gender: [],
  age_bands: [],
  ministries: [],
  registrations_by_month: [],
  this_week: {
    from: '2026-09-20',
    to: '2026-09-26',
    birthdays: { total: 0, items: [] },
    baptisms: { total: 0, items: [] },
    memberships: { total: 0, items: [] },
  },
}

let server: MockServer
beforeEach(() => {
  server = installMockServer()
  server.on('GET', /\/api\/members\/search/, { json: { items: [], total: 0, next_cursor: null } })
  server.on('GET', '/api/users', { json: [] })
  server.on('GET', /\/api\/households/, { json: { items: [], next_cursor: null } })
})
afterEach(() => server.restore())

const admin = { id: 1, username: 'admin' }

/** The figure whose label is `label`: its shown value. */
const figureValue = (label: string) =>
  screen.getByText(label).closest('.home-figure')?.querySelector('.home-figure-value')?.textContent

describe('the home dashboard’s household figures', () => {
  it('shows the number of households and of members in none, each as the server counted', async () => {
    server.on('GET', '/api/stats', {
      json: { ...stats, households: { total: 1204, members_without: 87 } },
    })
    const { router } = renderRoute('/home', { signedInAs: admin })
    const households = await screen.findByRole(
      'button',
      { name: 'Households: 1,204. Show them in the household list' },
      SLOW,
    )
    expect(figureValue('Households')).toBe('1,204')
    expect(figureValue('Members in no household')).toBe('87')

    fireEvent.click(households)
    await waitFor(() => expect(router.state.location.pathname).toBe('/households'))
  })

  it('shows zero households as zero, not as a missing figure', async () => {
    server.on('GET', '/api/stats', {
      json: { ...stats, households: { total: 0, members_without: 5321 } },
    })
    renderRoute('/home', { signedInAs: admin })
    await screen.findByRole('button', { name: /^Households: 0\./ }, SLOW)
    expect(figureValue('Households')).toBe('0')
    expect(figureValue('Members in no household')).toBe('5,321')
  })

  it('shows no household figures when the server sends none', async () => {
    server.on('GET', '/api/stats', { json: stats })
    renderRoute('/home', { signedInAs: admin })
    await screen.findByRole('button', { name: /^Total members: 5,321\./ }, SLOW)
    expect(screen.queryByText('Households')).toBeNull()
    expect(screen.queryByText('Members in no household')).toBeNull()
  })
})
