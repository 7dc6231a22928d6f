import 'fake-indexeddb/auto'
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { App } from 'antd'
import { installMockServer, type MockServer } from '../../testing/mockServer'
import { renderRoute } from '../../testing/renderWithProviders'
import { getRegistration, putRegistration } from '../offline/queueStore'
import RegistrationScreen from './RegistrationScreen'
import { completeRegistration } from './completeRegistration'
import { toSubmission } from './registrationValues'
import { emptyDevice } from '../../testing/device'

const SLOW = { timeout: 10_000 }
const ALICE = { id: 1, username: 'alice' }

const submission = toSubmission({ ...completeRegistration(), allergies: 'peanuts, dust' }, 'alice')

const queued = (owner = 1) => ({
  id: 'key-1',
  owner,
  savedAt: '2026-11-26T12:00:00.000Z',
  values: submission,
  photo: new NodeBlob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }) as Blob,
  lastError: 'Phone number is already registered',
  attempts: 1,
})

const routes = [
  {
    path: '/registration',
    element: (
      <App>
        <RegistrationScreen />
      </App>
    ),
  },
  { path: '/queue', element: <p>The queue</p> },
]

// Node's File and Blob, which fake-indexeddb can store (jsdom's it cannot clone; browsers can).
const JsdomFile = globalThis.File
beforeAll(() => {
  globalThis.File = NodeFile as unknown as typeof File
})
afterAll(() => {
  globalThis.File = JsdomFile
})

let server: MockServer
beforeEach(async () => {
  await emptyDevice()
  server = installMockServer()
  server.on('GET', '/api/users', { json: [] })
  // The send that follows the save finds no server: the entry stays to be looked at.
  server.on('POST', '/api/members', 'network-error')
  URL.createObjectURL = jest.fn(() => 'blob:photo')
  URL.revokeObjectURL = jest.fn()
})
afterEach(() => {
  server.restore()
  sessionStorage.clear()
})

describe('editing a registration queued on the device (issue 30)', () => {
  it('opens it prefilled with the refusal shown, and saves the edit under the same key', async () => {
    await putRegistration(queued())
    const { router } = renderRoute('/registration?queued=key-1', { signedInAs: ALICE, routes })
    const given = await screen.findByLabelText(/Given name/, undefined, SLOW)
    await waitFor(() => expect(given).toHaveValue('Abebe'))
    expect(
      screen.getByText('The server refused it: Phone number is already registered'),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Edit a waiting registration',
    )
    fireEvent.change(given, { target: { value: 'Abeba' } })
    // Every step is complete: Next through to the last one, where Save changes stands.
    for (let step = 0; step < 6; step += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'Next' }))
      await screen.findByRole(
        'heading',
        { level: 2, name: new RegExp(`^Step ${step + 2} of`) },
        SLOW,
      )
    }
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/queue'), SLOW)

    const saved = await getRegistration(1, 'key-1')
    expect(saved).toMatchObject({ id: 'key-1', lastError: null, savedAt: queued().savedAt })
    expect(saved?.values).toEqual({ ...submission, first_name: 'Abeba' })
    expect(saved?.photo?.size).toBe(3)
    // Sent again at once under its own key (here the server cannot be reached).
    await waitFor(() =>
      expect(
        server.requests
          .filter((r) => r.method === 'POST' && r.path === '/api/members')
          .map((r) => r.headers.get('Idempotency-Key')),
      ).toEqual(['key-1']),
    )
    // The new-registration draft is left alone.
    expect(sessionStorage.length).toBe(0)
    // Seven steps of antd form in jsdom: slow on a busy machine.
  }, 60_000)

  it('says so when the registration is no longer waiting (or is another account’s)', async () => {
    await putRegistration(queued(2))
    renderRoute('/registration?queued=key-1', { signedInAs: ALICE, routes })
    expect(
      await screen.findByText(
        'This registration is no longer waiting: it has been sent or discarded.',
        undefined,
        SLOW,
      ),
    ).toBeInTheDocument()
    expect(screen.queryByLabelText(/Given name/)).toBeNull()
    expect(screen.getByRole('link', { name: 'Waiting to send' })).toHaveAttribute('href', '/queue')
  })
})
