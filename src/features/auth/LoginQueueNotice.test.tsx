import 'fake-indexeddb/auto'
import { screen } from '@testing-library/react'
import { mockServerForEachTest } from '../../testing/mockServer'
import { renderRoute } from '../../testing/renderWithProviders'
import { putRegistration } from '../offline/queueStore'
import { emptyDevice } from '../../testing/device'

const SLOW = { timeout: 10_000 }

const queued = (id: string, owner: number) => ({
  id,
  owner,
  savedAt: '2026-11-26T12:00:00.000Z',
  values: { first_name: 'Secret', last_name: 'Person' },
  photo: null,
  lastError: null,
  attempts: 0,
})

beforeEach(async () => {
  await emptyDevice()
})
mockServerForEachTest()

describe('the login screen and a queue left on the device (issue 30)', () => {
  it('says how many registrations wait, never what they are', async () => {
    await putRegistration(queued('a', 7))
    await putRegistration(queued('b', 7))
    await putRegistration(queued('c', 8))
    renderRoute('/login')
    const notice = await screen.findByText(/waiting to be sent/, undefined, SLOW)
    expect(notice).toHaveTextContent(
      '3 registrations saved on this device are waiting to be sent. Sign in with the account that saved them to send or discard them.',
    )
    expect(screen.queryByText(/Secret|Person/)).toBeNull()
  })

  it('says it in Amharic', async () => {
    await putRegistration(queued('a', 7))
    renderRoute('/login', { language: 'am' })
    expect(await screen.findByText(/ለመላክ ይጠባበቃል/, undefined, SLOW)).toHaveTextContent(
      'በዚህ መሣሪያ ላይ የተቀመጠ 1 ምዝገባ ለመላክ ይጠባበቃል።',
    )
  })

  it('says nothing when nothing waits', async () => {
    renderRoute('/login')
    await screen.findByLabelText('Username', undefined, SLOW)
    // Give the IndexedDB read its turn before looking.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(screen.queryByText(/waiting to be sent/)).toBeNull()
  })
})
