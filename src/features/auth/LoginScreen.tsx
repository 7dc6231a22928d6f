import { LockOutlined, UserOutlined } from '@ant-design/icons'
import { Button, Flex, Input, theme } from 'antd'
import {
  type ChangeEvent,
  type CSSProperties,
  type FocusEvent,
  type FormEvent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { useAppSelector } from '../../app/hooks'
import { BrandMark } from '../../shared/BrandMark'
import { InstallBanner } from '../pwa'
import { useLoginMutation } from './authApi'
import {
  selectAuthStatus,
  selectCurrentUser,
  selectHasSession,
  selectIsOfflineSession,
  selectLoginFailure,
} from './authSlice'
import { LoginPreferences } from './LoginPreferences'
import { landingPath } from './RequireAuth'
import { useFailureText } from './useFailureText'
import './login.css'

// Only a failed sign-in needs antd's Alert: it loads then, not with the login route.
const Alert = lazy(() => import('./LoginAlert'))

/*
 * antd's Input, Button and Flex, with the two required checks (spec 5.1) in plain code: antd's
 * Form would add ~25 KB gzipped to the login route for two fields (its budget is 230 KB).
 */
interface LoginValues {
  username: string
  password: string
}
type LoginField = keyof LoginValues

function validateLogin(values: LoginValues): Partial<Record<LoginField, string>> {
  const errors: Partial<Record<LoginField, string>> = {}
  if (!values.username.trim()) errors.username = 'usernameRequired'
  if (!values.password) errors.password = 'passwordRequired'
  return errors
}

/**
 * How many registrations wait on this device for some account (issue 30): only the number, never
 * whose or what. Read from IndexedDB after the screen shows, in the offline chunk.
 */
function useWaitingOnDevice(): number {
  const [count, setCount] = useState(0)
  useEffect(() => {
    let live = true
    import('../offline')
      .then((offline) => offline.countWaitingOnDevice())
      .then((n) => live && setCount(n))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [])
  return count
}

const noSubscription = () => () => {}

/**
 * False in the page drawn at build time until React has taken it over (docs/decisions/0125):
 * till then the fields take no typing (a device that draws afresh would drop it) and the button
 * no press (the plain HTML form would send the password in the URL).
 */
function useTakenOver(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

export default function LoginScreen({
  onSignInStarted,
}: {
  /** Called when valid credentials go to the server (the app preloads what sign-in opens). */
  onSignInStarted?: () => void
} = {}) {
  const intl = useIntl()
  const navigate = useNavigate()
  const [login] = useLoginMutation()
  const status = useAppSelector(selectAuthStatus)
  const signedIn = useAppSelector(selectHasSession)
  const offline = useAppSelector(selectIsOfflineSession)
  const role = useAppSelector(selectCurrentUser)?.role
  const failureText = useFailureText(useAppSelector(selectLoginFailure))

  useEffect(() => {
    // Offline, the registration wizard is what works without the server.
    if (signedIn) navigate(offline ? '/registration' : landingPath(role), { replace: true })
  }, [signedIn, offline, role, navigate])

  const [values, setValues] = useState<LoginValues>({ username: '', password: '' })
  const [touched, setTouched] = useState<Partial<Record<LoginField, boolean>>>({})
  const errors = validateLogin(values)
  const takenOver = useTakenOver()

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setTouched({ username: true, password: true })
    if (Object.keys(errors).length) return
    void login({ username: values.username.trim(), password: values.password })
    onSignInStarted?.()
  }
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, value } = event.target
    setValues((current) => ({ ...current, [name]: value }))
  }
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    const name = event.target.name
    setTouched((current) => ({ ...current, [name]: true }))
  }
  const fieldError = (name: LoginField) => {
    const id = errors[name]
    return touched[name] && id ? intl.formatMessage({ id }) : undefined
  }
  const inputProps = (name: LoginField) => ({
    id: `login-${name}`,
    name,
    size: 'large' as const,
    value: values[name],
    onChange,
    onBlur,
    required: true,
    readOnly: !takenOver,
    status: fieldError(name) ? ('error' as const) : undefined,
    'aria-invalid': Boolean(fieldError(name)),
    'aria-describedby': fieldError(name) ? `login-${name}-help` : undefined,
  })

  const { token } = theme.useToken()
  const waiting = useWaitingOnDevice()
  const card: CSSProperties = {
    background: token.colorBgContainer,
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    padding: 24,
    color: token.colorText,
  }
  const heading: CSSProperties = { color: token.colorTextHeading, fontWeight: 600 }
  const secondary: CSSProperties = { color: token.colorTextSecondary }

  return (
    <Flex vertical align="center" justify="center" className="login-page">
      <div className="login-column">
        <InstallBanner />
        <div className="login-card" style={card}>
          <Flex vertical align="center" gap={4} style={{ marginBottom: 24 }}>
            <BrandMark size={56} />
            <h1 className="login-app-title" style={heading}>
              <FormattedMessage id="appTitle" />
            </h1>
            <span style={secondary}>
              <FormattedMessage id="loginSubtitle" />
            </span>
          </Flex>
          <h2 className="login-title" style={heading}>
            <FormattedMessage id="loginTitle" />
          </h2>
          {failureText && (
            <Suspense fallback={<p className="login-failure-text">{failureText}</p>}>
              <Alert
                type="error"
                showIcon
                role="alert"
                title={failureText}
                style={{ marginBottom: 16 }}
              />
            </Suspense>
          )}
          <form onSubmit={onSubmit} noValidate>
            <FieldRow
              name="username"
              label={<FormattedMessage id="usernameLabel" />}
              error={fieldError('username')}
            >
              <Input
                {...inputProps('username')}
                prefix={<UserOutlined aria-hidden />}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                placeholder={intl.formatMessage({ id: 'usernamePlaceholder' })}
              />
            </FieldRow>
            <FieldRow
              name="password"
              label={<FormattedMessage id="passwordLabel" />}
              error={fieldError('password')}
            >
              <Input.Password
                {...inputProps('password')}
                prefix={<LockOutlined aria-hidden />}
                autoComplete="current-password"
                placeholder={intl.formatMessage({ id: 'passwordPlaceholder' })}
              />
            </FieldRow>
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              disabled={!takenOver}
              loading={status === 'signingIn' || status === 'signingInOffline'}
            >
              <FormattedMessage id="loginButton" />
            </Button>
          </form>
          {waiting > 0 && (
            <p
              role="status"
              className="login-queue-waiting"
              style={{
                color: token.colorText,
                background: token.colorInfoBg,
                borderColor: token.colorInfoBorder,
              }}
            >
              <FormattedMessage id="loginQueueWaiting" values={{ count: waiting }} />
            </p>
          )}
          <p className="login-help" style={secondary}>
            <FormattedMessage id="loginHelp" />
          </p>
        </div>
        <Flex justify="center" style={{ marginTop: 16 }}>
          <LoginPreferences />
        </Flex>
      </div>
    </Flex>
  )
}

/** Label, control and its message under it. */
function FieldRow({
  name,
  label,
  error,
  children,
}: {
  name: LoginField
  label: ReactNode
  error: string | undefined
  children: ReactNode
}) {
  const { token } = theme.useToken()
  return (
    <div className="login-field">
      <label
        htmlFor={`login-${name}`}
        className="login-label"
        style={{ color: token.colorTextHeading }}
      >
        {label}
      </label>
      {children}
      <div
        id={`login-${name}-help`}
        className="login-field-help"
        style={{ color: token.colorError }}
      >
        {error}
      </div>
    </div>
  )
}
