import 'fake-indexeddb/auto'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { App } from 'antd'
import { initialPreferences } from '../preferences'
import { mockServerForEachTest } from '../../testing/mockServer'
import { renderRoute } from '../../testing/renderWithProviders'
import { initialQueueState, selectQueue } from './offlineSlice'
import { listRegistrations, putRegistration } from './queueStore'
import QueueScreen from './QueueScreen'
import { emptyDevice } from '../../testing/device'

const SLOW = { timeout: 10_000 }
const ALICE = { id: 1, username: 'alice' }

function entry(id: string, first: string, owner = 1, lastError: string | null = null) {
  return {
    id,
    owner,
    // Midday UTC: the same local day in every time zone the tests run in.
    savedAt: `2026-11-26T12:00:0${id.length}.000Z`,
    values: { first_name: first, last_name: 'Tesfaye' },
    photo: null,
    lastError,
    attempts: 0,
  }
}

beforeEach(async () => {
  await emptyDevice()
})
const server = mockServerForEachTest()

// The screen alone: the signed-in frame's automatic sync is covered by sync.test.ts.
const routes = [
  {
    path: '/queue',
    element: (
      <App>
        <QueueScreen />
      </App>
    ),
  },
  { path: '/registration', element: <p>The wizard</p> },
]
const renderQueue = (options: Parameters<typeof renderRoute>[1] = {}) =>
  renderRoute('/queue', { signedInAs: ALICE, routes, ...options })

const rowOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement
const posted = () => server.requests.filter((r) => r.method === 'POST' && r.path === '/api/members')

describe('QueueScreen', () => {
  it('says the queue is empty when nothing waits for this account', async () => {
    await putRegistration(entry('bob', 'Other', 2))
    renderQueue()
    expect(
      await screen.findByText('Nothing is waiting to be sent.', undefined, SLOW),
    ).toBeInTheDocument()
    expect(screen.queryByText('Other Tesfaye')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Send all now' })).not.toBeInTheDocument()
  })

  it('lists the account’s registrations oldest first with when they were saved', async () => {
    await putRegistration(entry('bb', 'Hanna'))
    await putRegistration(entry('a', 'Abebe'))
    await putRegistration(entry('ccc', 'Other', 2))
    renderQueue()
    await screen.findByText('Hanna Tesfaye', undefined, SLOW)
    const names = screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)
    expect(names).toEqual(['Abebe Tesfaye', 'Hanna Tesfaye'])
    expect(screen.queryByText('Other Tesfaye')).not.toBeInTheDocument()
    // The domain's formatter, in the user's calendar (English defaults to Gregorian).
    expect(within(rowOf('Abebe Tesfaye')).getByText(/^26 November 2026 \d\d:\d\d$/)).toBeVisible()
  })

  it('names the household a registration joins once sent', async () => {
    await putRegistration({
      ...entry('a', 'Abebe'),
      household: { id: 5, name: 'Kebede family', role: 'relative' },
    })
    await putRegistration(entry('bb', 'Hanna'))
    renderQueue()
    await screen.findByText('Abebe Tesfaye', undefined, SLOW)
    const joins = /the member joins Kebede family as/
    expect(within(rowOf('Abebe Tesfaye')).getByText(joins)).toBeVisible()
    expect(within(rowOf('Hanna Tesfaye')).queryByText(joins)).not.toBeInTheDocument()
  })

  it('shows the saved time in the Ethiopian calendar when that is the preference', async () => {
    await putRegistration(entry('a', 'Abebe'))
    renderQueue({
      preloadedState: {
        preferences: { ...initialPreferences, language: 'en', calendar: 'ethiopian' },
      } as never,
    })
    await screen.findByText('Abebe Tesfaye', undefined, SLOW)
    expect(
      within(rowOf('Abebe Tesfaye')).getByText(/^17 Hidar 2019 E\.C\. \d\d:\d\d$/),
    ).toBeVisible()
  })

  it('sends one registration now; it leaves the list and the device', async () => {
    server.on('POST', '/api/members', { status: 201, json: { id: 40 } })
    await putRegistration(entry('a', 'Abebe'))
    await putRegistration(entry('bb', 'Hanna'))
    renderQueue()
    await screen.findByText('Hanna Tesfaye', undefined, SLOW)
    fireEvent.click(within(rowOf('Hanna Tesfaye')).getByRole('button', { name: 'Send now' }))
    await waitFor(() => expect(screen.queryByText('Hanna Tesfaye')).not.toBeInTheDocument(), SLOW)
    expect(posted().map((r) => r.headers.get('Idempotency-Key'))).toEqual(['bb'])
    expect((await listRegistrations(1)).map((e) => e.id)).toEqual(['a'])
    expect(screen.getByText('Abebe Tesfaye')).toBeInTheDocument()
  })

  it('shows the server’s refusal on the entry, and sending it again after a fix succeeds', async () => {
    server.on('POST', '/api/members', {
      status: 400,
      json: { success: false, message: 'Phone number is invalid' },
    })
    await putRegistration(entry('a', 'Abebe'))
    const { store } = renderQueue()
    fireEvent.click(await screen.findByRole('button', { name: 'Send all now' }, SLOW))
    expect(
      await screen.findByText('The server refused it: Phone number is invalid', undefined, SLOW),
    ).toBeInTheDocument()
    expect(await listRegistrations(1)).toHaveLength(1)
    // Retry: the same entry, the same key, now accepted.
    server.on('POST', '/api/members', { status: 201, json: { id: 41 } })
    fireEvent.click(within(rowOf('Abebe Tesfaye')).getByRole('button', { name: 'Send now' }))
    expect(
      await screen.findByText('All waiting registrations have been sent.', undefined, SLOW),
    ).toBeVisible()
    expect(posted().map((r) => r.headers.get('Idempotency-Key'))).toEqual(['a', 'a'])
    expect(selectQueue(store.getState()).items).toEqual([])
  })

  it('says the server cannot be reached and keeps every entry', async () => {
    server.on('POST', '/api/members', 'network-error')
    await putRegistration(entry('a', 'Abebe'))
    await putRegistration(entry('bb', 'Hanna'))
    renderQueue()
    fireEvent.click(await screen.findByRole('button', { name: 'Send all now' }, SLOW))
    expect(
      await screen.findByText(/server cannot be reached/i, undefined, SLOW),
    ).toBeInTheDocument()
    expect(screen.getByText('Abebe Tesfaye')).toBeInTheDocument()
    expect(screen.getByText('Hanna Tesfaye')).toBeInTheDocument()
    expect(await listRegistrations(1)).toHaveLength(2)
  })

  it('warns that the device’s storage is nearly full while saving still works', async () => {
    await putRegistration(entry('a', 'Abebe'))
    renderQueue({
      preloadedState: { offlineQueue: { ...initialQueueState, storageLow: true } },
    })
    expect(await screen.findByRole('status', undefined, SLOW)).toHaveTextContent(
      /storage is nearly full\. Send the waiting registrations soon/,
    )
    // Still there once the queue is read back from the device.
    await screen.findByText('Abebe Tesfaye', undefined, SLOW)
    expect(screen.getByRole('status')).toHaveTextContent(/storage is nearly full/)
  })

  it('opens an entry in the wizard to edit it', async () => {
    await putRegistration(entry('a', 'Abebe'))
    const { router } = renderQueue()
    await screen.findByText('Abebe Tesfaye', undefined, SLOW)
    fireEvent.click(screen.getByRole('button', { name: 'Edit the registration of Abebe Tesfaye' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration'))
    expect(router.state.location.search).toBe('?queued=a')
  })

  it('discards an entry only after confirmation', async () => {
    await putRegistration(entry('a', 'Abebe'))
    await putRegistration(entry('bb', 'Hanna'))
    renderQueue()
    await screen.findByText('Abebe Tesfaye', undefined, SLOW)
    fireEvent.click(within(rowOf('Abebe Tesfaye')).getByRole('button', { name: 'Discard' }))
    const dialog = await screen.findByRole('dialog', undefined, SLOW)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW)
    expect(await listRegistrations(1)).toHaveLength(2)

    fireEvent.click(within(rowOf('Abebe Tesfaye')).getByRole('button', { name: 'Discard' }))
    const again = await screen.findByRole('dialog', undefined, SLOW)
    fireEvent.click(within(again).getByRole('button', { name: 'Discard' }))
    await waitFor(() => expect(screen.queryByText('Abebe Tesfaye')).not.toBeInTheDocument(), SLOW)
    expect((await listRegistrations(1)).map((e) => e.id)).toEqual(['bb'])
    expect(posted()).toHaveLength(0)
  })
})
