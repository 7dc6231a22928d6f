import { fireEvent, screen, waitFor } from '@testing-library/react'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import { renderWithProviders } from '../../testing/renderWithProviders'
import { ExportMenu, exportUrl } from './ExportMenu'
import { admin } from '../../testing/staffAccounts'
import am from '../../../locales/am.json'

jest.setTimeout(60_000)

let server: MockServer
let saved: { name: string; href: string }[]
beforeEach(() => {
  server = installMockServer()
  server.on('GET', '/api/members/export', {
    body: 'a,b\r\n',
    headers: { 'content-disposition': 'attachment; filename="abal-members-2026-11-26.csv"' },
  })
  URL.createObjectURL = jest.fn(() => 'blob:export')
  URL.revokeObjectURL = jest.fn()
  saved = []
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, href: this.href })
  })
})
afterEach(() => {
  server.restore()
  jest.restoreAllMocks()
})

describe('ExportMenu', () => {
  it('asks for the list as shown: search, status, owner, language and calendar', () => {
    expect(
      exportUrl('csv', { q: ' abebe ', status: 'visitor', owner: 'all' }, 'am', 'ethiopian'),
    ).toBe(
      'api/members/export?format=csv&lang=am&calendar=ethiopian&q=abebe&status=visitor&owner=all',
    )
    expect(exportUrl('xlsx', { q: '', status: 'all' }, 'en', 'gregorian')).toBe(
      'api/members/export?format=xlsx&lang=en&calendar=gregorian',
    )
  })

  it('downloads the chosen format with the token in a header, and saves the file', async () => {
    renderWithProviders(
      <ExportMenu list={{ q: 'ሰላም', status: 'member', owner: 'all' }} compact={false} />,
      { language: 'am', calendar: 'ethiopian', signedInAs: admin },
    )
    fireEvent.click(screen.getByRole('button', { name: 'ወደ ፋይል ያውጡ' }))
    fireEvent.click(screen.getByRole('menuitem', { name: 'የCSV ፋይል (.csv)' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]).toEqual({ name: 'abal-members-2026-11-26.csv', href: 'blob:export' })
    const call = server.requests[0]
    expect(call.headers.get('authorization')).toMatch(/^Bearer /)
    expect(Object.fromEntries(call.search)).toEqual({
      format: 'csv',
      lang: 'am',
      calendar: 'ethiopian',
      q: 'ሰላም',
      status: 'member',
      owner: 'all',
    })
    expect(call.request.url).not.toMatch(/token|bearer/i)
  })

  it('says so, translated, when the download fails', async () => {
    server.on('GET', '/api/members/export', { status: 500, json: { success: false } })
    renderWithProviders(<ExportMenu list={{ q: '', status: 'all' }} compact />, {
      language: 'om',
      signedInAs: admin,
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Faayiliitti baasaa' }))
    fireEvent.click(screen.getByRole('menuitem', { name: 'Faayilii Excel (.xlsx)' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Buufachuun hin milkoofne')
    expect(saved).toHaveLength(0)
  })

  it('says the files are still being prepared when the server is building others', async () => {
    server.on('GET', '/api/members/export', {
      status: 429,
      json: { success: false, message: 'Busy' },
    })
    renderWithProviders(<ExportMenu list={{ q: '', status: 'all' }} compact />, {
      language: 'am',
      signedInAs: admin,
    })
    fireEvent.click(await screen.findByRole('button', { name: am.exportMembers }))
    fireEvent.click(screen.getByRole('menuitem', { name: am.exportXlsx }))
    expect(await screen.findByRole('alert')).toHaveTextContent(am.downloadBusy)
  })
})
