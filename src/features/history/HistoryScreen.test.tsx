import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockServerForEachTest } from '../../testing/mockServer'
import { expectLedHome, renderRoute, slow } from '../../testing/renderWithProviders'
import type { AuditEvent } from './historyApi'

jest.setTimeout(90_000)

const auditor = { id: 5, username: 'board', role: 'auditor' as const }
const update: AuditEvent = {
  seq: 12,
  at: '2026-11-20T09:05:00.000Z',
  actor_id: 2,
  actor_username: 'hanna',
  action: 'member_update',
  member_id: 7,
  subject_user_id: null,
  details: { changes: { membership_status: ['visitor', 'member'], city: ['Adama', 'Jimma'] } },
}
const restore: AuditEvent = {
  seq: 11,
  at: '2026-11-19T09:05:00.000Z',
  actor_id: 1,
  actor_username: 'admin',
  action: 'member_restore',
  member_id: 7,
  subject_user_id: 2,
  details: { first_name: 'Abebe', last_name: 'Tesfaye', owner_user_id: 2 },
}

const server = mockServerForEachTest({
  width: 1280,
  routes: (history) => {
    history.on('GET', '/api/admin/users', { json: [] })
    history.on('GET', '/api/audit', (req) => ({
      json: req.search.get('cursor')
        ? { items: [restore], next_cursor: null }
        : { items: [update], next_cursor: '12' },
    }))
  },
})

describe('History screen (issue 25)', () => {
  it('shows who changed what, field by field, translated; pages on with the cursor', async () => {
    const user = userEvent.setup()
    renderRoute('/history', { signedInAs: auditor })
    const list = await screen.findByRole('list', { name: 'History' }, slow)
    expect(within(list).getByText('hanna')).toBeInTheDocument()
    expect(within(list).getByText('Edited')).toBeInTheDocument()
    expect(within(list).getByText('Membership status:')).toBeInTheDocument()
    expect(within(list).getByText('Visitor')).toBeInTheDocument()
    expect(within(list).getByText('Member')).toBeInTheDocument()
    expect(within(list).getByText('20 November 2026', { exact: false })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show earlier events' }))
    expect(await within(list).findByText('Restored', {}, slow)).toBeInTheDocument()
    expect(within(list).getByText('Abebe Tesfaye')).toBeInTheDocument()
    expect(server.requests.some((r) => r.search.get('cursor') === '12')).toBe(true)
  })

  it('reads its filters from the address and sends them', async () => {
    renderRoute('/history?action=member_restore&member_id=7&from=2026-11-01', {
      signedInAs: auditor,
    })
    await screen.findByRole('list', { name: 'History' }, slow)
    const sent = server.requests.find((r) => r.path === '/api/audit')!.search
    expect(sent.get('action')).toBe('member_restore')
    expect(sent.get('member_id')).toBe('7')
    expect(sent.get('from')).toBe('2026-11-01')
    expect(sent.get('to')).toBeNull()
  })

  it('names the member the server names, and shows an import update field by field', async () => {
    const imported: AuditEvent = {
      ...update,
      action: 'member_import',
      member_id: 266,
      member_name: 'Almaz Kebede',
      details: { updated_fields: ['city'], changes: { city: [null, 'Gondar'] } },
    }
    server.on('GET', '/api/audit', { json: { items: [imported], next_cursor: null } })
    renderRoute('/history', { signedInAs: auditor })
    const list = await screen.findByRole('list', { name: 'History' }, slow)
    expect(within(list).getByText('Almaz Kebede')).toBeInTheDocument()
    expect(within(list).queryByText(/266/)).toBeNull()
    expect(within(list).getByText('City / town:')).toBeInTheDocument()
    expect(within(list).getByText('Gondar').tagName).toBe('INS')
  })

  it('filters by the member name typed and leaves sign-ins out on request', async () => {
    const user = userEvent.setup()
    const { router } = renderRoute('/history', { signedInAs: auditor })
    await screen.findByRole('list', { name: 'History' }, slow)
    await user.type(screen.getByLabelText("Member's name"), 'almaz')
    await user.click(screen.getByRole('checkbox', { name: 'Hide signing in and out' }))
    await waitFor(() => {
      const sent = server.requests.filter((r) => r.path === '/api/audit').at(-1)!.search
      expect(sent.get('member_name')).toBe('almaz')
      expect(sent.get('hide_sign_ins')).toBe('true')
    }, slow)
    expect(router.state.location.search).toContain('hide_sign_ins=true')
  })

  it('points out a date range that ends before it starts, at its end', async () => {
    renderRoute('/history?from=2026-11-10&to=2026-11-01', { signedInAs: auditor })
    await screen.findByRole('list', { name: 'History' }, slow)
    const message = screen.getByText('The end date is before the start date.')
    expect(message).toHaveAttribute('id', 'history-to-error')
  })

  it('exports the filtered history as .xlsx from the server, in the reader’s words', async () => {
    server.on('GET', '/api/audit/export', {
      body: 'xlsx',
      headers: { 'content-disposition': 'attachment; filename="abal-history-2026-11-26.xlsx"' },
    })
    URL.createObjectURL = jest.fn(() => 'blob:history')
    URL.revokeObjectURL = jest.fn()
    const saved: string[] = []
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download)
    })
    const user = userEvent.setup()
    renderRoute('/history?action=member_update&member_id=7', {
      signedInAs: auditor,
      language: 'am',
      calendar: 'ethiopian',
    })
    await screen.findByRole('list', { name: 'ታሪክ' }, slow)
    await user.click(screen.getByRole('button', { name: 'ታሪኩን ወደ ፋይል ያውጡ' }))
    await user.click(screen.getByRole('menuitem', { name: 'የኤክሴል ፋይል (.xlsx)' }))
    await waitFor(() => expect(saved).toEqual(['abal-history-2026-11-26.xlsx']), slow)
    const call = server.requests.find((r) => r.path === '/api/audit/export')!
    expect(Object.fromEntries(call.search)).toEqual({
      format: 'xlsx',
      lang: 'am',
      calendar: 'ethiopian',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
      action: 'member_update',
      member_id: '7',
    })
    click.mockRestore()
  })

  it('marks a field label with ፦ in Amharic, not a Latin colon', async () => {
    renderRoute('/history', { signedInAs: auditor, language: 'am' })
    const list = await screen.findByRole('list', { name: 'ታሪክ' }, slow)
    expect(within(list).getByText('ከተማ፦')).toBeInTheDocument()
    expect(within(list).queryByText('ከተማ:')).toBeNull()
  })

  it('says so, translated, when the export fails', async () => {
    server.on('GET', '/api/audit/export', { status: 500, json: { success: false } })
    const user = userEvent.setup()
    renderRoute('/history', { signedInAs: auditor })
    await screen.findByRole('list', { name: 'History' }, slow)
    await user.click(screen.getByRole('button', { name: 'Export the history' }))
    await user.click(screen.getByRole('menuitem', { name: 'CSV file (.csv)' }))
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent(/download/i)
  })

  it('is not offered to a clerk', async () => {
    await expectLedHome(server, '/history', 'clerk', '/api/audit')
  })
})
