import { lazy, Suspense, useEffect } from 'react'
import { FormattedMessage } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { selectPwaDialog, selectPwaOnline, selectPwaUpdate } from './pwaSlice'
import { startPwa } from './startPwa'
import './pwa.css'

// Both appear rarely, so they load when due (and are precached, so an old build can still show them).
const UpdatePrompt = lazy(
  () => import(/* webpackChunkName: "pwa-update-prompt" */ './UpdatePrompt'),
)
const InstallDialog = lazy(
  () => import(/* webpackChunkName: "pwa-install-dialog" */ './InstallDialog'),
)

/** App-wide PWA parts (spec 1, 2.4, 2.11): offline notice, update prompt, install dialog. */
export function PwaPrompts() {
  const dispatch = useAppDispatch()
  const update = useAppSelector(selectPwaUpdate)
  const dialog = useAppSelector(selectPwaDialog)
  const online = useAppSelector(selectPwaOnline)
  useEffect(() => startPwa(dispatch), [dispatch])
  return (
    <>
      {!online && (
        <div className="pwa-offline" role="status">
          <strong>
            <FormattedMessage id="offlineTitle" />
          </strong>{' '}
          <FormattedMessage id="offlineText" />
        </div>
      )}
      <Suspense fallback={null}>
        {update !== 'idle' && <UpdatePrompt />}
        {dialog === 'open' && <InstallDialog />}
      </Suspense>
    </>
  )
}
