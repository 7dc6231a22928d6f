import {
  ApartmentOutlined,
  BarChartOutlined,
  BankOutlined,
  DeleteOutlined,
  HistoryOutlined,
  HomeOutlined,
  ImportOutlined,
  SafetyOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuOutlined,
  TeamOutlined,
  UserSwitchOutlined,
  UserAddOutlined,
  WalletOutlined,
} from '@ant-design/icons'
import { Button, Flex, Layout, Space, Typography } from 'antd'
import { FormattedMessage, useIntl } from 'react-intl'
import type { ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { useAppDispatch } from '../../app/hooks'
import { TOP_BAR_MENU_QUERY, useIsMobile, useMediaQuery } from '../../shared/useMediaQuery'
import { BrandMark } from '../../shared/BrandMark'
import { MenuButton } from '../../shared/MenuButton'
import { signOut } from '../account'
import { useCanWrite, useRole } from '../auth'
import { type Role, ROLES } from '../../domain'
import { QueueIndicator } from '../offline'
import { CalendarMenu, LanguageMenu, ThemeToggle } from '../preferences'
import { mayLeave, useGuardedNavigate } from '../../shared/LeaveGuard'

// `spec`: the spec's two entries (2.2), buttons of their own at every width above 600 px.
const NAV = [
  { to: '/home', id: 'home', icon: <HomeOutlined />, writes: false, spec: false },
  { to: '/registration', id: 'registration', icon: <UserAddOutlined />, writes: true, spec: true },
  { to: '/members', id: 'members', icon: <TeamOutlined />, writes: false, spec: true },
  { to: '/households', id: 'households', icon: <ApartmentOutlined />, writes: false, spec: false },
  { to: '/import', id: 'importNav', icon: <ImportOutlined />, writes: true, spec: false },
] as const

// The office's screens (issue 25), each for the roles the server lets call it.
const OFFICE: readonly { to: string; id: string; icon: ReactNode; roles: readonly Role[] }[] = [
  { to: '/dues/cash-up', id: 'cashUpTitle', icon: <WalletOutlined />, roles: ROLES },
  { to: '/dues/reports', id: 'duesReportsTitle', icon: <BarChartOutlined />, roles: ROLES },
  { to: '/accounts', id: 'accounts', icon: <UserSwitchOutlined />, roles: ['admin'] },
  { to: '/history', id: 'history', icon: <HistoryOutlined />, roles: ['admin', 'auditor'] },
  { to: '/deleted-members', id: 'deletedMembers', icon: <DeleteOutlined />, roles: ['admin'] },
  { to: '/funds', id: 'funds', icon: <WalletOutlined />, roles: ['admin'] },
  { to: '/church', id: 'churchProfile', icon: <BankOutlined />, roles: ['admin'] },
]

export function TopBar() {
  const intl = useIntl()
  // A screen with unsaved changes is asked first (issue 42).
  const navigate = useGuardedNavigate()
  // After Logout's own question: the guarded navigate would ask a second time.
  const leaveTo = useNavigate()
  const location = useLocation()
  const dispatch = useAppDispatch()
  const isMobile = useIsMobile()
  // 601–1199 px: the spec's Registration, Members and Logout stay buttons; the rest share a menu.
  const tablet = useMediaQuery(TOP_BAR_MENU_QUERY) && !isMobile
  // Auditors register no one: the registration entry is not shown to them.
  const canWrite = useCanWrite()
  const nav = NAV.filter((item) => canWrite || !item.writes)
  const buttons = tablet ? nav.filter((item) => item.spec) : nav
  const role = useRole()
  const office = OFFICE.filter((item) => item.roles.includes(role))
  const menuItem = (item: { to: string; id: string; icon: ReactNode }) => ({
    key: item.to,
    icon: item.icon,
    label: intl.formatMessage({ id: item.id }),
  })
  const officeItems = office.map(menuItem)
  const passwordItem = {
    key: '/account/password',
    // A padlock: the key icon's round head read as a magnifier (search).
    icon: <LockOutlined />,
    label: intl.formatMessage({ id: 'changePassword' }),
  }

  // Unsaved changes on the screen are asked about first, as for any other way out (issue 42).
  const logout = () => {
    void mayLeave().then((ok) => {
      if (ok) void dispatch(signOut()).then(() => leaveTo('/login', { replace: true }))
    })
  }
  const isCurrent = (to: string) =>
    location.pathname === to ||
    (to === '/members' && location.pathname.startsWith('/member/')) ||
    (to === '/households' && location.pathname.startsWith('/households/'))

  return (
    <Layout.Header className="top-bar">
      <Flex align="center" justify="space-between" gap={8} style={{ height: '100%' }}>
        <Link to="/home" className="top-bar-title">
          <BrandMark size={30} />
          <Typography.Text strong className="top-bar-name">
            <FormattedMessage id="appTitle" />
          </Typography.Text>
        </Link>
        <Space size={2} wrap={false}>
          {!isMobile && (
            <nav aria-label={intl.formatMessage({ id: 'mainNavigation' })}>
              <Space size={2}>
                {buttons.map((item) => (
                  <Button
                    key={item.to}
                    type="text"
                    className={`on-primary${isCurrent(item.to) ? ' is-current' : ''}`}
                    icon={item.icon}
                    aria-current={isCurrent(item.to) ? 'page' : undefined}
                    onClick={() => navigate(item.to)}
                  >
                    <FormattedMessage id={item.id} />
                  </Button>
                ))}
                {!tablet && office.length > 0 && (
                  <MenuButton
                    label={intl.formatMessage({ id: 'office' })}
                    icon={<SafetyOutlined />}
                    className={`on-primary${office.some((i) => isCurrent(i.to)) ? ' is-current' : ''}`}
                    items={officeItems}
                    text={intl.formatMessage({ id: 'office' })}
                    onSelect={(key) => navigate(key)}
                  />
                )}
                {tablet && (
                  <MenuButton
                    label={intl.formatMessage({ id: 'menu' })}
                    icon={<MenuOutlined />}
                    className="on-primary"
                    items={[
                      ...nav.filter((item) => !item.spec).map(menuItem),
                      ...officeItems,
                      passwordItem,
                    ]}
                    onSelect={(key) => navigate(key)}
                  />
                )}
              </Space>
            </nav>
          )}
          <QueueIndicator compact={isMobile || tablet} />
          <LanguageMenu variant="onPrimary" showName={!tablet} />
          <CalendarMenu variant="onPrimary" />
          <ThemeToggle variant="onPrimary" />
          {isMobile ? (
            <MenuButton
              label={intl.formatMessage({ id: 'menu' })}
              icon={<MenuOutlined />}
              className="on-primary"
              items={[
                ...nav.map(menuItem),
                ...officeItems,
                passwordItem,
                {
                  key: 'logout',
                  icon: <LogoutOutlined />,
                  label: intl.formatMessage({ id: 'logout' }),
                  separated: true,
                },
              ]}
              onSelect={(key) => (key === 'logout' ? logout() : navigate(key))}
            />
          ) : (
            <>
              {!tablet && (
                <Button
                  type="text"
                  className="on-primary"
                  icon={<LockOutlined />}
                  aria-label={intl.formatMessage({ id: 'changePassword' })}
                  title={intl.formatMessage({ id: 'changePassword' })}
                  onClick={() => navigate('/account/password')}
                />
              )}
              <Button
                type="text"
                className="on-primary"
                icon={<LogoutOutlined aria-hidden />}
                onClick={logout}
              >
                <FormattedMessage id="logout" />
              </Button>
            </>
          )}
        </Space>
      </Flex>
    </Layout.Header>
  )
}
