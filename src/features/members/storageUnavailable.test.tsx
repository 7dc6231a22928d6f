// Issue 23 §9 in the client: a 503 (the server's storage is full, read-only or locked) on edit,
// delete and transfer is told in the user's language, never in the server's English.
import { fireEvent, screen, within } from '@testing-library/react'
import am from '../../../locales/am.json'
import om from '../../../locales/om.json'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import { renderRoute, slow } from '../../testing/renderWithProviders'
import { storedMember } from '../../testing/storedMember'

jest.setTimeout(120_000)

const member = storedMember({
  gender: 'male',
  marital_status: 'single',
  membership_status: 'member',
})

// The server's own words (src/server/plugins/errors.ts STORAGE_UNAVAILABLE).
const ENGLISH =
  'The server cannot save right now: its storage is full or read-only. Nothing was saved. ' +
  'Please try again later, and tell whoever runs the server.'
const UNAVAILABLE = { status: 503, json: { success: false, message: ENGLISH } }
const signedInAs = { id: 1, username: 'admin' }

let server: MockServer
beforeEach(() => {
  server = installMockServer()
  server.on('GET', '/api/members/7', { json: member })
  server.on('GET', '/api/members/search', { json: { items: [], total: 0, next_cursor: null } })
  server.on('GET', '/api/users', { json: [{ id: 2, username: 'dawit' }] })
})
afterEach(() => server.restore())

const opened = async (language: 'am' | 'om') => {
  const view = renderRoute('/member/7', { signedInAs, language })
  await screen.findByRole('heading', { name: 'Abebe Kebede Tesfaye' }, slow)
  return view
}

describe('a server that cannot save (503)', () => {
  it('on edit: the profile says so in Amharic and stays in edit mode', async () => {
    server.on('PUT', '/api/members/7', UNAVAILABLE)
    await opened('am')
    fireEvent.click(screen.getByRole('button', { name: am.edit }))
    fireEvent.click(screen.getByRole('button', { name: new RegExp(am.save) }))
    expect(await screen.findByText(am.serverCannotSave, {}, slow)).toBeInTheDocument()
    expect(screen.queryByText(ENGLISH)).not.toBeInTheDocument()
    expect(screen.queryByText(am.saveError)).not.toBeInTheDocument()
  })

  it('on delete: the refusal is in Afaan Oromoo and the profile stays', async () => {
    server.on('DELETE', '/api/members/7', UNAVAILABLE)
    const { router } = await opened('om')
    fireEvent.click(screen.getByRole('button', { name: om.deleteMember }))
    const dialog = await screen.findByRole('dialog', {}, slow)
    fireEvent.click(within(dialog).getByRole('button', { name: om.delete }))
    expect(await screen.findByText(om.serverCannotSave, {}, slow)).toBeInTheDocument()
    expect(screen.queryByText(ENGLISH)).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/member/7')
  })

  it('on transfer: the dialog says so in Amharic', async () => {
    server.on('POST', '/api/members/transfer/7', UNAVAILABLE)
    await opened('am')
    fireEvent.click(screen.getByRole('button', { name: am.transfer }))
    const dialog = await screen.findByRole('dialog', {}, slow)
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: am.selectUserToTransferTo }))
    fireEvent.click(await screen.findByTitle('dawit', {}, slow))
    fireEvent.click(within(dialog).getByRole('button', { name: new RegExp(`${am.transfer}$`) }))
    expect(await within(dialog).findByText(am.serverCannotSave, {}, slow)).toBeInTheDocument()
    expect(within(dialog).queryByText(ENGLISH)).not.toBeInTheDocument()
  })
})
