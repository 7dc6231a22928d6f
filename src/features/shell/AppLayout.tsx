import { App as AntApp, Layout } from 'antd'
import { Suspense, useRef } from 'react'
import { FormattedMessage } from 'react-intl'
import { Outlet } from 'react-router'
import { useAppSelector } from '../../app/hooks'
import { useDayjsLocale } from './dayjsLocales'
import { RouteFallback } from '../../shared/RouteFallback'
import { ScreenErrorBoundary } from '../../shared/ScreenErrorBoundary'
import { OfflineSessionBar } from '../auth'
import { OfflineQueueSync } from '../offline'
import { selectLanguage } from '../preferences'
import { TopBar } from './TopBar'
import { useLandingFocus } from './useLandingFocus'

/** The signed-in frame: top bar, then the screen of the route. */
export function AppLayout() {
  useDayjsLocale(useAppSelector(selectLanguage))
  const main = useRef<HTMLElement>(null)
  useLandingFocus(main)
  // antd's <App> lives here, not in the app providers, so that /login does not load it.
  return (
    <AntApp>
      <Layout className="app-layout">
        <a className="skip-link" href="#main">
          <FormattedMessage id="skipToContent" />
        </a>
        <TopBar />
        <OfflineSessionBar />
        <OfflineQueueSync />
        <Layout.Content id="main" className="app-content" tabIndex={-1} ref={main}>
          <ScreenErrorBoundary>
            <Suspense fallback={<RouteFallback />}>
              <Outlet />
            </Suspense>
          </ScreenErrorBoundary>
        </Layout.Content>
      </Layout>
    </AntApp>
  )
}
