import 'fake-indexeddb/auto'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { App } from 'antd'
import { mockServerForEachTest } from '../../testing/mockServer'
import { renderRoute } from '../../testing/renderWithProviders'
import { queueEvents, selectQueue } from './offlineSlice'
import { OfflineQueueSync } from './OfflineQueueSync'
import { listUnplaced, putUnplaced } from './queueStore'
import { emptyDevice } from '../../testing/device'

const SLOW = { timeout: 10_000 }

beforeEach(async () => {
  await emptyDevice()
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
  { path: '/member/:id', element: <p>member page</p> },
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

  it('offers only the member when the household was deleted meanwhile', async () => {
    const { store, router } = renderRoute('/home', {
      signedInAs: { id: 1, username: 'alice' },
      routes,
    })
    act(() => {
      store.dispatch(queueEvents.placementFailed({ ...unplaced, householdGone: true }))
    })
    expect(
      await screen.findByText(
        'Selam Abebe was sent from this device, but Abebe family has been deleted meanwhile, ' +
          'so they are in no household. Open their profile to add them to another.',
        undefined,
        SLOW,
      ),
    ).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Open household' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Open profile' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/9'))
  })

  it('opens each notice once: another member left out does not open the first again', async () => {
    // antd opens a notice on its next render, so an open repeated by a re-render can land
    // after the Close press that was meant to end it: the notice would come back.
    const opened: string[] = []
    const useApp = App.useApp
    const wrapped = new WeakMap<object, ReturnType<typeof App.useApp>>()
    const spy = jest.spyOn(App, 'useApp').mockImplementation(() => {
      const app = useApp()
      if (!wrapped.has(app.notification)) {
        const warning: typeof app.notification.warning = (config) => {
          opened.push(String(config.key))
          app.notification.warning(config)
        }
        wrapped.set(app.notification, { ...app, notification: { ...app.notification, warning } })
      }
      return wrapped.get(app.notification)!
    })
    try {
      const { store } = renderRoute('/home', { signedInAs: { id: 1, username: 'alice' }, routes })
      act(() => {
        store.dispatch(queueEvents.placementFailed(unplaced))
      })
      await screen.findByText(/^Selam Abebe was sent/, undefined, SLOW)
      act(() => {
        store.dispatch(queueEvents.placementFailed({ ...unplaced, memberId: 10, name: 'Almaz' }))
      })
      await screen.findByText(/^Almaz was sent/, undefined, SLOW)
      expect(opened).toEqual(['unplaced-9', 'unplaced-10'])
    } finally {
      spy.mockRestore()
    }
  })

  it('is shown again after a reload until closed, and leads to the member', async () => {
    const other = { ...unplaced, memberId: 10, name: 'Almaz Bekele' }
    // What an earlier page left on the device, for this account and for another.
    await putUnplaced(1, unplaced)
    await putUnplaced(1, other)
    await putUnplaced(2, { ...unplaced, memberId: 11, name: 'Dawit Haile' })
    const { store, router } = renderRoute('/home', {
      signedInAs: { id: 1, username: 'alice' },
      routes,
    })
    const notice = (name: string) =>
      screen
        .getByText(new RegExp(`^${name} was sent from this device`))
        .closest<HTMLElement>('.ant-notification-notice')!
    await screen.findByText(/^Almaz Bekele was sent/, undefined, SLOW)
    expect(screen.getByText(/^Selam Abebe was sent/)).toBeVisible()
    expect(screen.queryByText(/^Dawit Haile/)).toBeNull()
    fireEvent.click(within(notice('Almaz Bekele')).getByRole('button', { name: 'Close' }))
    await waitFor(async () => expect(await listUnplaced(1)).toEqual([unplaced]))
    fireEvent.click(within(notice('Selam Abebe')).getByRole('button', { name: 'Open profile' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/9'))
    // Only looked at: the notice stays, on the device too, until closed or acted on.
    expect(selectQueue(store.getState()).unplaced).toEqual([unplaced])
    expect(await listUnplaced(1)).toEqual([unplaced])
  })
})
