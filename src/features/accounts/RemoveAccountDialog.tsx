import { DeleteOutlined, SwapOutlined } from '@ant-design/icons'
import { Alert, Button, Form, Modal, Select, Spin, Typography } from 'antd'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { canOwnMembers } from '../../domain'
import {
  type Account,
  accountErrorId,
  useRemoveAccountMutation,
  useTransferAllMembersMutation,
} from './accountsApi'

/**
 * Removing an account. One that owns members cannot be removed (the server refuses), so the
 * dialog first offers to transfer all its members to another enabled account, then the removal.
 */
export function RemoveAccountDialog({
  account,
  accounts,
  onClose,
  onRemoved,
}: {
  account: Account
  accounts: readonly Account[]
  onClose: () => void
  onRemoved: (username: string) => void
}) {
  const intl = useIntl()
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values)
  const [transfer, transferring] = useTransferAllMembersMutation()
  const [remove, removing] = useRemoveAccountMutation()
  const [target, setTarget] = useState<number | undefined>()
  const [moved, setMoved] = useState<{ count: number; to: string } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const owns = moved === null && account.member_count > 0
  // An auditor could neither edit nor delete the members it got (the server refuses it too).
  const targets = accounts.filter(
    (a) => a.id !== account.id && !a.disabled && canOwnMembers(a.role),
  )

  const runTransfer = async () => {
    if (target === undefined) return
    setError(null)
    try {
      const { moved: count } = await transfer({ id: account.id, targetUserId: target }).unwrap()
      setMoved({ count, to: targets.find((a) => a.id === target)?.username ?? '' })
    } catch (failure) {
      setError(accountErrorId(failure))
    }
  }

  const runRemove = async () => {
    setError(null)
    try {
      await remove(account.id).unwrap()
      onRemoved(account.username)
    } catch (failure) {
      setError(accountErrorId(failure))
    }
  }

  const busy = transferring.isLoading || removing.isLoading
  const footer = [
    <Button key="cancel" onClick={onClose} disabled={busy}>
      <FormattedMessage id={moved ? 'close' : 'cancel'} />
    </Button>,
    owns ? (
      <Button
        key="transfer"
        type="primary"
        icon={<SwapOutlined aria-hidden />}
        loading={transferring.isLoading}
        disabled={target === undefined}
        onClick={() => void runTransfer()}
      >
        <FormattedMessage id="transferAllMembers" values={{ count: account.member_count }} />
      </Button>
    ) : (
      <Button
        key="remove"
        danger
        type="primary"
        icon={<DeleteOutlined aria-hidden />}
        loading={removing.isLoading}
        onClick={() => void runRemove()}
      >
        <FormattedMessage id="removeAccount" />
      </Button>
    ),
  ]

  return (
    <Modal
      open
      title={t('removeAccountOf', { username: account.username })}
      onCancel={busy ? undefined : onClose}
      closable={!busy}
      mask={{ closable: !busy }}
      footer={footer}
    >
      {owns ? (
        <>
          <Typography.Paragraph>
            <FormattedMessage
              id="accountOwnsMembers"
              values={{ username: account.username, count: account.member_count }}
            />
          </Typography.Paragraph>
          <Form layout="vertical" component="div">
            <Form.Item label={t('transferAllTo')} htmlFor="transfer-all-target">
              <Select<number>
                id="transfer-all-target"
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('selectUserToTransferTo')}
                value={target}
                onChange={setTarget}
                disabled={transferring.isLoading}
                options={targets.map((a) => ({ value: a.id, label: a.username }))}
              />
            </Form.Item>
          </Form>
          {transferring.isLoading && (
            <div role="status" className="accounts-progress">
              <Spin size="small" />{' '}
              <FormattedMessage id="transferringMembers" values={{ count: account.member_count }} />
            </div>
          )}
        </>
      ) : (
        <>
          {moved && (
            <Alert
              type="success"
              showIcon
              role="status"
              className="accounts-result"
              title={t('membersTransferred', { count: moved.count, username: moved.to })}
            />
          )}
          <Typography.Paragraph>
            <FormattedMessage id="removeAccountConfirm" values={{ username: account.username }} />
          </Typography.Paragraph>
        </>
      )}
      {error && <Alert type="error" showIcon role="alert" title={t(error)} />}
    </Modal>
  )
}
