import { Suspense, type ReactNode } from 'react'
import { Navigate, type RouteObject, useRoutes } from 'react-router'
import { RedirectIfSignedIn, RequireAuth, RequireRole } from '../features/auth'
import { RouteFallback } from '../shared/RouteFallback'
import { retryableLazy as lazy, ScreenErrorBoundary } from '../shared/ScreenErrorBoundary'
import { loadWholeInterface } from './i18n/bundles'

// Every screen is its own chunk; the login route stays small.
export const loadLoginScreen = () =>
  import(/* webpackChunkName: "login" */ '../features/auth/LoginScreen')
const LoginScreen = lazy(loadLoginScreen)
/**
 * A page other than sign-in needs every message, which the entry chunk leaves out of Amharic
 * (docs/decisions/0217): its code and the rest of the messages load together.
 */
const withWholeInterface = <T,>(load: () => Promise<T>) =>
  Promise.all([load(), loadWholeInterface()]).then(([module]) => module)
const DebugScreen = lazy(() =>
  withWholeInterface(() => import(/* webpackChunkName: "debug" */ '../features/debug/DebugScreen')),
)
const loadRegistrationScreen = () => import('../features/wizard/RegistrationScreen')
const RegistrationScreen = lazy(loadRegistrationScreen)
const HomeScreen = lazy(() => import(/* webpackChunkName: "home" */ '../features/home/HomeScreen'))
const ReportScreen = lazy(
  () => import(/* webpackChunkName: "home-report" */ '../features/home/ReportScreen'),
)
const MemberListScreen = lazy(() => import('../features/members/MemberListScreen'))
const MemberDetailScreen = lazy(() => import('../features/members/MemberDetailScreen'))
const IdCardScreen = lazy(() => import('../features/idcard/IdCardScreen'))
const ChangePasswordScreen = lazy(() => import('../features/account/ChangePasswordScreen'))
const QueueScreen = lazy(() => import('../features/offline/QueueScreen'))
const AccountsScreen = lazy(() => import('../features/accounts/AccountsScreen'))
const HistoryScreen = lazy(() => import('../features/history/HistoryScreen'))
const DeletedMembersScreen = lazy(() => import('../features/deletedMembers/DeletedMembersScreen'))
const HouseholdListScreen = lazy(() => import('../features/households/HouseholdListScreen'))
const HouseholdScreen = lazy(() => import('../features/households/HouseholdScreen'))
const ImportScreen = lazy(() => import('../features/import/ImportScreen'))
const CashUpScreen = lazy(() => import('../features/duesReports/CashUpScreen'))
const DuesReportsScreen = lazy(() => import('../features/duesReports/DuesReportsScreen'))
const VerifyReceiptScreen = lazy(() =>
  withWholeInterface(
    () => import(/* webpackChunkName: "verify-receipt" */ '../features/dues/VerifyReceiptScreen'),
  ),
)
const ReceiptScreen = lazy(
  () => import(/* webpackChunkName: "receipt" */ '../features/dues/ReceiptScreen'),
)
const FundsScreen = lazy(() => import('../features/dues/FundsScreen'))
const StatementScreen = lazy(
  () => import(/* webpackChunkName: "statement" */ '../features/dues/StatementScreen'),
)
const ChurchProfileScreen = lazy(() => import('../features/churchProfile/ChurchProfileScreen'))
// The signed-in frame (top bar, its menus) is not needed to show /login; nor are the messages
// of the signed-in screens, which load with it.
const loadShell = () =>
  withWholeInterface(() => import(/* webpackChunkName: "shell" */ '../features/shell'))
const AppLayout = lazy(() => loadShell().then((m) => ({ default: m.AppLayout })))

/**
 * Sign-in lands on the registration form inside the signed-in frame (spec 2.3). Their code
 * downloads and runs while the server checks the password instead of after its answer: on a
 * phone that is a network round trip and a few hundred milliseconds of script that no longer
 * stand between the answer and the screen. The first Intl number formatter is made then too:
 * Chromium builds its list of ICU locales for it, and the wizard's first message with a value
 * needs one.
 */
export function preloadSignedInScreens() {
  // After the pressed button has painted its loading state, not in the press's own task, which
  // adding the chunks' script and style elements would lengthen.
  afterNextPaint(() => {
    loadShell().catch(() => {})
    loadRegistrationScreen().catch(() => {})
    afterNextPaint(() => Intl.NumberFormat.supportedLocalesOf('en'))
  })
}

const afterNextPaint = (task: () => void) =>
  requestAnimationFrame(() => {
    setTimeout(task, 0)
  })

const page = (node: ReactNode) => (
  <ScreenErrorBoundary>
    <Suspense fallback={<RouteFallback />}>{node}</Suspense>
  </ScreenErrorBoundary>
)

/** Spec 2.1. */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/login" replace /> },
  {
    path: '/login',
    element: page(
      <RedirectIfSignedIn>
        <LoginScreen onSignInStarted={preloadSignedInScreens} />
      </RedirectIfSignedIn>,
    ),
  },
  { path: '/debug', element: page(<DebugScreen />) },
  // Public: a receipt's QR code opens it, signed in or not (issue 46).
  { path: '/verify/:code', element: page(<VerifyReceiptScreen />) },
  {
    element: page(
      <RequireAuth>
        <AppLayout />
      </RequireAuth>,
    ),
    children: [
      { path: '/home', element: <HomeScreen /> },
      { path: '/home/report', element: <ReportScreen /> },
      { path: '/registration', element: <RegistrationScreen /> },
      { path: '/members', element: <MemberListScreen /> },
      { path: '/member/edit/:id', element: <MemberDetailScreen /> },
      { path: '/member/idcard/:id', element: <IdCardScreen /> },
      { path: '/member/statement/:id', element: <StatementScreen payer="member" /> },
      { path: '/member/:id', element: <MemberDetailScreen /> },
      { path: '/households', element: <HouseholdListScreen /> },
      { path: '/households/:id', element: <HouseholdScreen /> },
      { path: '/households/:id/statement', element: <StatementScreen payer="household" /> },
      { path: '/dues/cash-up', element: <CashUpScreen /> },
      { path: '/dues/reports', element: <DuesReportsScreen /> },
      { path: '/account/password', element: <ChangePasswordScreen /> },
      { path: '/queue', element: <QueueScreen /> },
      { path: '/payments/:id/receipt', element: <ReceiptScreen /> },
      {
        path: '/accounts',
        element: (
          <RequireRole roles={['admin']}>
            <AccountsScreen />
          </RequireRole>
        ),
      },
      {
        path: '/history',
        element: (
          <RequireRole roles={['admin', 'auditor']}>
            <HistoryScreen />
          </RequireRole>
        ),
      },
      {
        path: '/deleted-members',
        element: (
          <RequireRole roles={['admin']}>
            <DeletedMembersScreen />
          </RequireRole>
        ),
      },
      { path: '/import', element: <ImportScreen /> },
      {
        path: '/funds',
        element: (
          <RequireRole roles={['admin']}>
            <FundsScreen />
          </RequireRole>
        ),
      },
      {
        path: '/church',
        element: (
          <RequireRole roles={['admin']}>
            <ChurchProfileScreen />
          </RequireRole>
        ),
      },
    ],
  },
  { path: '*', element: <Navigate to="/login" replace /> },
]

/**
 * The app's routes under a <BrowserRouter>. Declarative routing, not createBrowserRouter: no
 * route uses loaders, actions or blockers, and the data router adds ~16 KB gzipped to the first
 * load of /login (its size budget). Tests still drive `routes` through createMemoryRouter.
 */
export function AppRoutes() {
  return useRoutes(routes)
}
