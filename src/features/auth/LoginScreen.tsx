import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, UserOutlined } from '@ant-design/icons'
import { theme } from 'antd'
import {
  type ChangeEvent,
  type CSSProperties,
  type FocusEvent,
  type FormEvent,
  type InputHTMLAttributes,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useLayoutEffect,
  useState,
} from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { useAppSelector } from '../../app/hooks'
import { LightButton } from '../../app/LightButton'
import { LightFlex } from '../../app/LightFlex'
import { takePrerenderedLogin } from '../../app/prerender/handoff'
import { BrandMark } from '../../shared/BrandMark'
import { InstallBanner } from '../pwa'
import { useLoginMutation } from './authApi'
import {
  type LoginFailure,
  selectAuthStatus,
  selectIsSignedIn,
  selectLoginFailure,
} from './authSlice'
import { LoginPreferences } from './LoginPreferences'
import './login.css'

// Only a failed sign-in needs antd's Alert: it loads then, not with the login route.
const Alert = lazy(() => import('./LoginAlert'))

/*
 * The login route must load at most 200 KB of gzipped JavaScript (issue 7), and React, the router,
 * Redux Toolkit, react-intl and antd's theme engine already take ~170 KB of it. So this screen
 * keeps to what it needs: two native inputs dressed as antd's large inputs, its two required
 * checks (spec 5.1) in plain code, antd's Button as its markup only (LightButton), and antd's
 * Alert after a failed sign-in. antd Form/Input, Formik and yup would add ~45 KB here, antd's
 * Button 17 KB; the other screens load them in their own chunks.
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

export function useFailureText(failure: LoginFailure | null): string | null {
  const intl = useIntl()
  if (!failure) return null
  switch (failure.kind) {
    case 'invalidCredentials':
      return intl.formatMessage({ id: 'loginInvalid' })
    case 'serverError':
      return intl.formatMessage({ id: 'loginServerError' })
    case 'network':
      return intl.formatMessage({ id: 'loginNetworkError' })
    case 'serverMessage':
      return failure.message
  }
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
  const signedIn = useAppSelector(selectIsSignedIn)
  const failureText = useFailureText(useAppSelector(selectLoginFailure))
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' })
  const [touched, setTouched] = useState<Partial<Record<LoginField, boolean>>>({})
  const errors = validateLogin(values)

  useEffect(() => {
    if (signedIn) navigate('/home', { replace: true })
  }, [signedIn, navigate])

  const submit = (typed: LoginValues) => {
    setTouched({ username: true, password: true })
    if (Object.keys(validateLogin(typed)).length) return
    void login({ username: typed.username.trim(), password: typed.password })
    onSignInStarted?.()
  }

  // The build-time form stood in until now (src/app/prerender): keep what was typed there, the
  // field in use, and a Login or another button already pressed. Before the first paint, so
  // nothing flickers.
  useLayoutEffect(() => {
    const prerendered = takePrerenderedLogin()
    if (!prerendered) return
    const typed = { username: prerendered.username, password: prerendered.password }
    // Only when something was typed: setting the same empty values would render the whole
    // screen a second time inside the first commit.
    if (typed.username || typed.password) setValues(typed)
    if (prerendered.focused) document.getElementById(`login-${prerendered.focused}`)?.focus()
    if (prerendered.submitted) submit(typed)
    if (prerendered.pendingClick !== null) {
      const page = document.querySelector('.login-page')
      page?.querySelectorAll('button')[prerendered.pendingClick]?.click()
    }
    // Once, on the first render: a later render has nothing left to take over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, value } = event.target
    setValues((current) => ({ ...current, [name]: value }))
  }
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    const name = event.target.name
    setTouched((current) => ({ ...current, [name]: true }))
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    submit(values)
  }
  const fieldError = (name: LoginField) => {
    const id = errors[name]
    return touched[name] && id ? intl.formatMessage({ id }) : undefined
  }
  const inputProps = (name: LoginField) => ({
    id: `login-${name}`,
    name,
    value: values[name],
    onChange,
    onBlur,
    required: true,
    'aria-invalid': Boolean(fieldError(name)),
    'aria-describedby': fieldError(name) ? `login-${name}-help` : undefined,
  })

  const { token } = theme.useToken()
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
    <LightFlex vertical align="center" justify="center" className="login-page">
      <div className="login-column">
        <InstallBanner />
        <div className="login-card" style={card}>
          <LightFlex vertical align="center" gap={4} style={{ marginBottom: 24 }}>
            <BrandMark size={56} />
            <h1 className="login-app-title" style={heading}>
              <FormattedMessage id="appTitle" />
            </h1>
            <span style={secondary}>
              <FormattedMessage id="loginSubtitle" />
            </span>
          </LightFlex>
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
              <TextBox
                icon={<UserOutlined aria-hidden />}
                invalid={Boolean(fieldError('username'))}
                {...inputProps('username')}
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
              <PasswordBox
                invalid={Boolean(fieldError('password'))}
                {...inputProps('password')}
                autoComplete="current-password"
                placeholder={intl.formatMessage({ id: 'passwordPlaceholder' })}
              />
            </FieldRow>
            <LightButton
              type="primary"
              htmlType="submit"
              size="large"
              block
              loading={status === 'signingIn'}
            >
              <FormattedMessage id="loginButton" />
            </LightButton>
          </form>
          <p className="login-help" style={secondary}>
            <FormattedMessage id="loginHelp" />
          </p>
        </div>
        <LightFlex justify="center" style={{ marginTop: 16 }}>
          <LoginPreferences />
        </LightFlex>
      </div>
    </LightFlex>
  )
}

/** Label, control and message, laid out as antd's vertical Form.Item. */
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

type BoxProps = InputHTMLAttributes<HTMLInputElement> & { invalid: boolean }

/** A native input in antd's large-input frame, coloured from the theme (light or dark). */
function TextBox({
  icon,
  invalid,
  suffix,
  ...input
}: BoxProps & { icon: ReactNode; suffix?: ReactNode }) {
  const { token } = theme.useToken()
  const frame = {
    '--login-border': invalid ? token.colorError : token.colorBorder,
    '--login-hover': invalid ? token.colorErrorHover : token.colorPrimaryHover,
    '--login-focus': invalid ? token.colorError : token.colorPrimary,
    '--login-ring': invalid ? token.colorErrorOutline : token.controlOutline,
    background: token.colorBgContainer,
    color: token.colorText,
    borderRadius: token.borderRadiusLG,
  } as CSSProperties
  return (
    <span className="login-input" style={frame}>
      <span className="login-input-icon" style={{ color: token.colorTextTertiary }}>
        {icon}
      </span>
      <input {...input} />
      {suffix}
    </span>
  )
}

function PasswordBox(props: BoxProps) {
  const intl = useIntl()
  const [visible, setVisible] = useState(false)
  const { token } = theme.useToken()
  return (
    <TextBox
      {...props}
      type={visible ? 'text' : 'password'}
      icon={<LockOutlined aria-hidden />}
      suffix={
        <button
          type="button"
          className="login-reveal"
          style={{ color: token.colorTextTertiary }}
          aria-label={intl.formatMessage({ id: 'showPassword' })}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
        </button>
      }
    />
  )
}
