import { Alert, Form, Input, Modal, Select } from 'antd'
import { Formik, type FormikErrors } from 'formik'
import type { Dispatch } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import {
  MAX_USERNAME_LENGTH,
  normaliseUsername,
  ROLES,
  type Role,
  usernameProblem,
} from '../../domain'
import { useIdempotencyKey } from '../../shared/clientKey'
import { accountErrorId, ROLE_LABEL, useCreateAccountMutation } from './accountsApi'
import type { AccountsAction } from './accountsMachine'

interface Values {
  username: string
  role: Role
  /** A refusal that is not about one field (403, a lost connection). */
  general?: string
}

function validate(values: Values): FormikErrors<Values> {
  const problem = usernameProblem(values.username)
  return problem ? { username: problem } : {}
}

/** Username and role; the server makes the one-time password, shown next (accountsMachine). */
export function AddAccountDialog({
  open,
  saving,
  send,
}: {
  open: boolean
  saving: boolean
  send: Dispatch<AccountsAction>
}) {
  const intl = useIntl()
  const [createAccount] = useCreateAccountMutation()
  const creation = useIdempotencyKey()
  const t = (id: string) => intl.formatMessage({ id }, { max: MAX_USERNAME_LENGTH })
  return (
    <Formik<Values>
      initialValues={{ username: '', role: 'clerk' }}
      validate={validate}
      validateOnChange={false}
      onSubmit={async (values, helpers) => {
        send({ type: 'submitted' })
        try {
          const username = normaliseUsername(values.username)
          const created = await createAccount({
            input: { username, role: values.role },
            idempotencyKey: creation.key,
          }).unwrap()
          creation.settle()
          helpers.resetForm()
          send({ type: 'saveSucceeded', username, password: created.temporary_password })
        } catch (error) {
          // No answer: the retry keeps the key, so an account that was made answers with a new
          // one-time password instead of "name taken".
          creation.settle(error)
          send({ type: 'saveFailed' })
          const id = accountErrorId(error)
          if (id === 'invalidUsername' || id === 'usernameTaken')
            helpers.setErrors({ username: id })
          else helpers.setErrors({ general: id })
        }
      }}
    >
      {(formik) => (
        <Modal
          open={open}
          title={<FormattedMessage id="addAccount" />}
          okText={<FormattedMessage id="addAccount" />}
          cancelText={<FormattedMessage id="cancel" />}
          confirmLoading={saving}
          onOk={() => void formik.submitForm()}
          onCancel={() => {
            if (saving) return
            formik.resetForm()
            send({ type: 'closed' })
          }}
          destroyOnHidden
        >
          <Form layout="vertical" component="div">
            <Form.Item
              label={<FormattedMessage id="username" />}
              htmlFor="account-username"
              validateStatus={formik.errors.username ? 'error' : undefined}
              help={formik.errors.username ? t(formik.errors.username) : undefined}
            >
              <Input
                id="account-username"
                name="username"
                autoComplete="off"
                autoFocus
                maxLength={MAX_USERNAME_LENGTH + 20}
                value={formik.values.username}
                onChange={formik.handleChange}
                onPressEnter={() => void formik.submitForm()}
              />
            </Form.Item>
            <Form.Item label={<FormattedMessage id="role" />} htmlFor="account-role">
              <Select<Role>
                id="account-role"
                value={formik.values.role}
                onChange={(role) => void formik.setFieldValue('role', role)}
                options={ROLES.map((role) => ({ value: role, label: t(ROLE_LABEL[role]) }))}
              />
            </Form.Item>
            <Alert type="info" showIcon title={t('temporaryPasswordNotice')} />
            {formik.errors.general && (
              <Alert
                type="error"
                showIcon
                role="alert"
                style={{ marginTop: 12 }}
                title={t(formik.errors.general)}
              />
            )}
          </Form>
        </Modal>
      )}
    </Formik>
  )
}
