import { LockOutlined, UserOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd'
import { useFormik } from 'formik'
import { useEffect } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import * as yup from 'yup'
import { useAppSelector } from '../../app/hooks'
import { BrandMark } from '../../shared/BrandMark'
import { PreferenceControls } from '../preferences'
import { useLoginMutation } from './authApi'
import { type LoginFailure, selectAuthStatus, selectIsSignedIn, selectLoginFailure } from './authSlice'

const loginSchema = yup.object({
  username: yup.string().trim().required('usernameRequired'),
  password: yup.string().required('passwordRequired'),
})

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

export default function LoginScreen() {
  const intl = useIntl()
  const navigate = useNavigate()
  const [login] = useLoginMutation()
  const status = useAppSelector(selectAuthStatus)
  const signedIn = useAppSelector(selectIsSignedIn)
  const failureText = useFailureText(useAppSelector(selectLoginFailure))

  useEffect(() => {
    if (signedIn) navigate('/registration', { replace: true })
  }, [signedIn, navigate])

  const formik = useFormik({
    initialValues: { username: '', password: '' },
    validationSchema: loginSchema,
    onSubmit: async (values) => {
      await login({ username: values.username.trim(), password: values.password })
    },
  })

  const fieldError = (name: 'username' | 'password') =>
    formik.touched[name] && formik.errors[name]
      ? intl.formatMessage({ id: formik.errors[name] })
      : undefined

  return (
    <Flex vertical align="center" justify="center" className="login-page">
      <div className="login-column">
        {/* The PWA install banner mounts here (issue 7). */}
        <Card className="login-card">
          <Flex vertical align="center" gap={4} style={{ marginBottom: 24 }}>
            <BrandMark size={56} />
            <Typography.Title level={1} style={{ margin: '8px 0 0', fontSize: 28 }}>
              <FormattedMessage id="appTitle" />
            </Typography.Title>
            <Typography.Text type="secondary">
              <FormattedMessage id="loginSubtitle" />
            </Typography.Text>
          </Flex>
          <Typography.Title level={2} style={{ fontSize: 20 }}>
            <FormattedMessage id="loginTitle" />
          </Typography.Title>
          {failureText && (
            <Alert type="error" showIcon role="alert" title={failureText} style={{ marginBottom: 16 }} />
          )}
          <Form layout="vertical" component="form" onSubmitCapture={formik.handleSubmit} noValidate>
            <Form.Item
              label={<FormattedMessage id="usernameLabel" />}
              htmlFor="login-username"
              required
              validateStatus={fieldError('username') ? 'error' : undefined}
              help={fieldError('username')}
            >
              <Input
                id="login-username"
                name="username"
                size="large"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                prefix={<UserOutlined aria-hidden />}
                placeholder={intl.formatMessage({ id: 'usernamePlaceholder' })}
                value={formik.values.username}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
                aria-invalid={Boolean(fieldError('username'))}
              />
            </Form.Item>
            <Form.Item
              label={<FormattedMessage id="passwordLabel" />}
              htmlFor="login-password"
              required
              validateStatus={fieldError('password') ? 'error' : undefined}
              help={fieldError('password')}
            >
              <Input.Password
                id="login-password"
                name="password"
                size="large"
                autoComplete="current-password"
                prefix={<LockOutlined aria-hidden />}
                placeholder={intl.formatMessage({ id: 'passwordPlaceholder' })}
                value={formik.values.password}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
                aria-invalid={Boolean(fieldError('password'))}
              />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              loading={status === 'signingIn'}
            >
              <FormattedMessage id="loginButton" />
            </Button>
          </Form>
          <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
            <FormattedMessage id="loginHelp" />
          </Typography.Paragraph>
        </Card>
        <Flex justify="center" style={{ marginTop: 16 }}>
          <PreferenceControls />
        </Flex>
      </div>
    </Flex>
  )
}
