import { Alert, App, Button, Card, Flex, Form, Input, Typography } from 'antd'
import { Formik, type FormikErrors } from 'formik'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../domain'
import {
  forgetTemporaryPassword,
  heldTemporaryPassword,
  landingPath,
  passwordChanged,
  selectCurrentUser,
} from '../auth'
import { useChangePasswordMutation } from './accountApi'

interface Values {
  current: string
  next: string
  repeat: string
}

// Message ids the server answers with (errors.new_password / errors.current_password).
const SERVER_IDS = new Set([
  'passwordTooShort',
  'passwordTooLong',
  'passwordBlank',
  'passwordTooCommon',
  'passwordUnchanged',
  'currentPasswordWrong',
])

function validate(values: Values, asksCurrent: boolean): FormikErrors<Values> {
  const errors: FormikErrors<Values> = {}
  if (asksCurrent && !values.current) errors.current = 'fieldRequired'
  if (values.next.trim() === '') errors.next = values.next ? 'passwordBlank' : 'fieldRequired'
  else if ([...values.next].length < MIN_PASSWORD_LENGTH) errors.next = 'passwordTooShort'
  else if ([...values.next].length > MAX_PASSWORD_LENGTH) errors.next = 'passwordTooLong'
  if (values.repeat !== values.next) errors.repeat = 'passwordsDiffer'
  return errors
}

/** Every account changes its own password here; a temporary one must be replaced first. */
export default function ChangePasswordScreen() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const { message } = App.useApp()
  const user = useAppSelector(selectCurrentUser)
  const [changePassword] = useChangePasswordMutation()
  const [done, setDone] = useState(false)
  const forced = user?.mustChangePassword === true
  // The one-time password was typed at this sign-in: it is not asked for again, unless the
  // server refuses it (then the field shows, as it does when this page no longer holds it).
  const [heldRefused, setHeldRefused] = useState(false)
  const held = forced && !heldRefused ? heldTemporaryPassword(user?.username) : null
  const asksCurrent = held === null
  const text = (id: string | undefined) =>
    id ? intl.formatMessage({ id }, { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH }) : ''

  return (
    <Flex justify="center" style={{ padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 480 }}>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          <FormattedMessage id="changePassword" />
        </Typography.Title>
        {forced && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={<FormattedMessage id="mustChangePasswordNotice" />}
          />
        )}
        {done && (
          <Alert
            type="success"
            showIcon
            role="status"
            style={{ marginBottom: 16 }}
            title={<FormattedMessage id="passwordChangedNotice" />}
          />
        )}
        <Formik<Values>
          initialValues={{ current: '', next: '', repeat: '' }}
          validate={(values) => validate(values, asksCurrent)}
          onSubmit={async (values, helpers) => {
            try {
              await changePassword({
                current_password: held ?? values.current,
                new_password: values.next,
              }).unwrap()
              helpers.resetForm()
              setDone(true)
              if (forced) {
                forgetTemporaryPassword()
                dispatch(passwordChanged())
                // Where this account's work starts (the landing after sign-in: registration, or
                // the list for an auditor), saying the password is set; the toast outlives it.
                void message.success(intl.formatMessage({ id: 'passwordChosenNotice' }))
                navigate(landingPath(user?.role), { replace: true })
              }
            } catch (error) {
              const fields = (error as { data?: { errors?: Record<string, string> } }).data?.errors
              const known = (id?: string) => (id && SERVER_IDS.has(id) ? id : undefined)
              if (held !== null && fields?.current_password) setHeldRefused(true)
              helpers.setErrors({
                current: known(fields?.current_password),
                next: known(fields?.new_password) ?? (fields ? undefined : 'saveFailed'),
              })
            }
          }}
        >
          {(formik) => (
            <Form layout="vertical" component="div">
              {(
                [
                  ['current', 'currentPassword', 'current-password'],
                  ['next', 'newPassword', 'new-password'],
                  ['repeat', 'repeatNewPassword', 'new-password'],
                ] as const
              )
                .filter(([name]) => name !== 'current' || asksCurrent)
                .map(([name, label, autoComplete]) => {
                  const error = formik.touched[name] ? formik.errors[name] : undefined
                  return (
                    <Form.Item
                      key={name}
                      label={<FormattedMessage id={label} />}
                      htmlFor={`password-${name}`}
                      validateStatus={error ? 'error' : undefined}
                      help={error ? text(error) : undefined}
                    >
                      <Input.Password
                        id={`password-${name}`}
                        name={name}
                        autoComplete={autoComplete}
                        value={formik.values[name]}
                        onChange={formik.handleChange}
                        onBlur={formik.handleBlur}
                        onPressEnter={() => formik.submitForm()}
                      />
                    </Form.Item>
                  )
                })}
              <Button
                type="primary"
                block
                loading={formik.isSubmitting}
                onClick={() => formik.submitForm()}
              >
                <FormattedMessage id="changePassword" />
              </Button>
            </Form>
          )}
        </Formik>
      </Card>
    </Flex>
  )
}
