import {
  DeleteOutlined,
  ExclamationCircleFilled,
  KeyOutlined,
  StopOutlined,
  UserAddOutlined,
  CheckCircleOutlined,
} from '@ant-design/icons'
import { App, Button, Flex, Select, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useReducer, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useAppSelector } from '../../app/hooks'
import { ROLES, type Role } from '../../domain'
import { actionsColumn, AdminScreen } from '../../shared/AdminScreen'
import { LoadError, RecordsView } from '../../shared/RecordsView'
import { selectCurrentUser } from '../auth'
import { DateTime } from '../../shared/DateTime'
import { AddAccountDialog } from './AddAccountDialog'
import {
  type Account,
  accountErrorId,
  ROLE_LABEL,
  useAccountsQuery,
  useResetPasswordMutation,
  useUpdateAccountMutation,
} from './accountsApi'
import { accountsReducer, initialAccountsState } from './accountsMachine'
import { RemoveAccountDialog } from './RemoveAccountDialog'
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog'
import './accounts.css'

/** Issue 25: the office's accounts, run by an admin. */
export default function AccountsScreen() {
  const intl = useIntl()
  const { modal, message } = App.useApp()
  const me = useAppSelector(selectCurrentUser)
  const accounts = useAccountsQuery()
  const [updateAccount] = useUpdateAccountMutation()
  const [resetPassword] = useResetPasswordMutation()
  const [state, send] = useReducer(accountsReducer, initialAccountsState)
  const [removing, setRemoving] = useState<Account | null>(null)
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values)

  const confirm = (title: string, content: string, okText: string, run: () => Promise<void>) =>
    modal.confirm({
      title,
      content,
      icon: <ExclamationCircleFilled />,
      okText,
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await run()
        } catch (error) {
          void message.error(t(accountErrorId(error)))
        }
      },
    })

  const changeRole = (account: Account, role: Role) =>
    confirm(
      t('changeRole'),
      t('changeRoleConfirm', { username: account.username, role: t(ROLE_LABEL[role]) }),
      t('changeRole'),
      async () => {
        await updateAccount({ id: account.id, role }).unwrap()
        void message.success(t('accountSaved'))
      },
    )

  const toggleDisabled = (account: Account) =>
    confirm(
      t(account.disabled ? 'enableAccount' : 'disableAccount'),
      t(account.disabled ? 'enableAccountConfirm' : 'disableAccountConfirm', {
        username: account.username,
      }),
      t(account.disabled ? 'enableAccount' : 'disableAccount'),
      async () => {
        await updateAccount({ id: account.id, disabled: !account.disabled }).unwrap()
        void message.success(t('accountSaved'))
      },
    )

  const reset = (account: Account) =>
    confirm(
      t('resetPassword'),
      t('resetPasswordConfirm', { username: account.username }),
      t('resetPassword'),
      async () => {
        const { temporary_password: password } = await resetPassword(account.id).unwrap()
        send({ type: 'passwordReset', username: account.username, password })
      },
    )

  const columns: ColumnsType<Account> = [
    {
      title: t('username'),
      dataIndex: 'username',
      render: (_, account) => (
        <Flex vertical gap={2}>
          <strong>{account.username}</strong>
          {account.must_change_password && (
            <span className="accounts-note">
              <FormattedMessage id="mustChangePasswordTag" />
            </span>
          )}
        </Flex>
      ),
    },
    {
      title: t('role'),
      dataIndex: 'role',
      width: 150,
      render: (_, account) => (
        <Select<Role>
          value={account.role}
          aria-label={t('roleOf', { username: account.username })}
          style={{ width: 130 }}
          options={ROLES.map((role) => ({ value: role, label: t(ROLE_LABEL[role]) }))}
          onChange={(role) => changeRole(account, role)}
        />
      ),
    },
    {
      title: t('accountStatus'),
      dataIndex: 'disabled',
      width: 110,
      render: (disabled: boolean) =>
        disabled ? (
          <Tag color="red">{t('accountDisabled')}</Tag>
        ) : (
          <Tag color="green">{t('accountEnabled')}</Tag>
        ),
    },
    { title: t('members'), dataIndex: 'member_count', width: 90, align: 'end' },
    {
      title: t('accountCreated'),
      dataIndex: 'created_at',
      render: (value: string) => <DateTime value={value} withTime={false} />,
    },
    {
      title: t('lastSignIn'),
      dataIndex: 'last_login_at',
      render: (value: string | null) =>
        value ? (
          <DateTime value={value} />
        ) : (
          <span className="accounts-note">{t('neverSignedIn')}</span>
        ),
    },
    actionsColumn(t('columnActions'), (account) => (
      <>
        <Button
          size="small"
          icon={<KeyOutlined aria-hidden />}
          onClick={() => reset(account)}
          aria-label={t('resetPasswordOf', { username: account.username })}
        >
          <FormattedMessage id="resetPassword" />
        </Button>
        {account.id !== me?.id && (
          <Button
            size="small"
            danger={!account.disabled}
            icon={
              account.disabled ? <CheckCircleOutlined aria-hidden /> : <StopOutlined aria-hidden />
            }
            onClick={() => toggleDisabled(account)}
            aria-label={t(account.disabled ? 'enableAccountOf' : 'disableAccountOf', {
              username: account.username,
            })}
          >
            <FormattedMessage id={account.disabled ? 'enableAccount' : 'disableAccount'} />
          </Button>
        )}
        {account.id !== me?.id && (
          <Button
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            onClick={() => setRemoving(account)}
            aria-label={t('removeAccountOf', { username: account.username })}
          >
            <FormattedMessage id="removeAccount" />
          </Button>
        )}
      </>
    )),
  ]

  return (
    <AdminScreen
      id="accounts-title"
      titleId="accounts"
      action={
        <Button
          type="primary"
          icon={<UserAddOutlined aria-hidden />}
          onClick={() => send({ type: 'addOpened' })}
        >
          <FormattedMessage id="addAccount" />
        </Button>
      }
    >
      {accounts.isError && (
        <LoadError title={t('fetchAccountsError')} onRetry={() => void accounts.refetch()} />
      )}
      <RecordsView<Account>
        columns={columns}
        records={accounts.data ?? []}
        loading={accounts.isLoading}
        label={t('accounts')}
        scrollX={900}
      />
      {/* Mounted per opening: a new account gets a new Idempotency-Key, while a retry within one
          opening keeps it (a key kept across openings would answer for the earlier account). */}
      {(state.status === 'adding' || state.status === 'saving') && (
        <AddAccountDialog open saving={state.status === 'saving'} send={send} />
      )}
      {removing && (
        <RemoveAccountDialog
          key={removing.id}
          account={removing}
          accounts={accounts.data ?? []}
          onClose={() => setRemoving(null)}
          onRemoved={(username) => {
            setRemoving(null)
            void message.success(t('accountRemoved', { username }))
          }}
        />
      )}
      <TemporaryPasswordDialog revealed={state.revealed} onClose={() => send({ type: 'closed' })} />
    </AdminScreen>
  )
}
