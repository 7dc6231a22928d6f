import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { App } from 'antd'
import { mockServerForEachTest } from '../../testing/mockServer'
import { renderRoute } from '../../testing/renderWithProviders'
import { queueEvents, selectQueue } from './offlineSlice'
import { OfflineQueueSync } from './OfflineQueueSync'
import { closeQueueForTests } from './queueStore'

const SLOW = { timeout: 10_000 }

beforeEach(async () => {
  await closeQueueForTests()
  globalThis.indexedDB = new IDBFactory()
})
mockServerForEachTest()

// The sync alone, in antd's <App> as in the signed-in frame; the household page a stand-in.
const routes = [
  {
    path: '/home',
    element: (
      <App>
        <OfflineQueueSync />
      </App>
    ),
  },
  { path: '/households/:id', element: <p>household page</p> },
]

describe('OfflineQueueSync: a sent registration that could not join its household', () => {
  const unplaced = { memberId: 9, name: 'Selam Abebe', householdId: 5, household: 'Abebe family' }

  it('stays on screen until the clerk acts, and leads to the household', async () => {
    const { store, router } = renderRoute('/home', {
      signedInAs: { id: 1, username: 'alice' },
      routes,
    })
    act(() => {
      store.dispatch(queueEvents.placementFailed(unplaced))
    })
    expect(await screen.findByText('Not added to the household', undefined, SLOW)).toBeVisible()
    expect(
      screen.getByText(
        'Selam Abebe was sent from this device but could not be added to Abebe family. ' +
          'Please link them from the household page.',
      ),
    ).toBeVisible()
    fireEvent.click(screen.getByRole('button', { name: 'Open household' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/households/5'))
    expect(selectQueue(store.getState()).unplaced).toEqual([])
  })
})
