import { Button, Input, Modal, Typography } from 'antd'
import { type FormEvent, useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { useAppSelector } from '../../app/hooks'
import { Notice } from '../../shared/Notice'
import { useLoginMutation } from './authApi'
import {
  selectAuthStatus,
  selectCurrentUser,
  selectIsOfflineSession,
  selectLoginFailure,
} from './authSlice'
import { useFailureText } from './useFailureText'

/** How often an offline session asks whether the server answers again. */
export const SERVER_CHECK_MS = 15_000

/** Whether the server answers now: its health check, never cached by the service worker. */
async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch('/health', { cache: 'no-store' })
    return response.ok
  } catch {
    return false
  }
}

/** True once the server answers, checked now, every little while, and when the browser is online. */
function useServerAnswers(active: boolean): boolean {
  const [answers, setAnswers] = useState(false)
  useEffect(() => {
    if (!active) return
    let live = true
    const check = () =>
      void serverAnswers().then((ok) => {
        if (live) setAnswers(ok)
      })
    check()
    const timer = setInterval(check, SERVER_CHECK_MS)
    window.addEventListener('online', check)
    return () => {
      live = false
      clearInterval(timer)
      window.removeEventListener('online', check)
    }
  }, [active])
  return active && answers
}

/**
 * Marks an offline session (issue 42) under the top bar: nothing is sent until a real sign-in.
 * Once the server answers, it asks for the password again and signs in online in place.
 */
export function OfflineSessionBar() {
  const intl = useIntl()
  const offline = useAppSelector(selectIsOfflineSession)
  const status = useAppSelector(selectAuthStatus)
  const user = useAppSelector(selectCurrentUser)
  const failureText = useFailureText(useAppSelector(selectLoginFailure))
  const answers = useServerAnswers(offline)
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState('')
  const [tried, setTried] = useState(false)
  const [login] = useLoginMutation()

  if (!offline || !user) return null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!password) return
    setTried(true)
    void login({ username: user.username, password })
  }

  return (
    <>
      <Notice
        type="warning"
        role="status"
        banner
        className="offline-session-bar"
        titleId={answers ? 'offlineSessionServerBack' : 'offlineSessionTitle'}
        description={intl.formatMessage({ id: 'offlineSessionText' })}
        action={
          answers && (
            <Button type="primary" onClick={() => setOpen(true)}>
              {intl.formatMessage({ id: 'offlineSessionSignIn' })}
            </Button>
          )
        }
      />
      <Modal
        open={open}
        title={intl.formatMessage({ id: 'offlineSessionSignIn' })}
        okText={intl.formatMessage({ id: 'loginButton' })}
        cancelText={intl.formatMessage({ id: 'cancel' })}
        okButtonProps={{ htmlType: 'submit', form: 'offline-session-login' }}
        confirmLoading={status === 'resuming'}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <form id="offline-session-login" onSubmit={submit} noValidate>
          <p>{intl.formatMessage({ id: 'offlineSessionSignInText' }, { name: user.username })}</p>
          <label htmlFor="offline-session-password">
            {intl.formatMessage({ id: 'passwordLabel' })}
          </label>
          <Input.Password
            id="offline-session-password"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-describedby="offline-session-failure"
          />
          <Typography.Paragraph id="offline-session-failure" role="alert" type="danger">
            {tried && status === 'signedInOffline' ? failureText : null}
          </Typography.Paragraph>
        </form>
      </Modal>
    </>
  )
}
