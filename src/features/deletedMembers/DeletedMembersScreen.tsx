import { ExclamationCircleFilled, UndoOutlined } from '@ant-design/icons'
import { App, Button } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { fullName } from '../../domain'
import { actionsColumn, AdminScreen } from '../../shared/AdminScreen'
import { LoadError, RecordsView } from '../../shared/RecordsView'
import { DateTime } from '../../shared/DateTime'
import {
  type DeletedMember,
  useDeletedMembersQuery,
  useRestoreMemberMutation,
} from './deletedMembersApi'
import { errorStatus } from '../../app/api'

/** Issue 25: deleted members kept 30 days; an admin restores one, with its id, fields and photo. */
export default function DeletedMembersScreen() {
  const intl = useIntl()
  const navigate = useNavigate()
  const { modal, message } = App.useApp()
  const bin = useDeletedMembersQuery()
  const [restore] = useRestoreMemberMutation()
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values)

  const confirmRestore = (member: DeletedMember) => {
    const name = fullName(member)
    modal.confirm({
      title: t('restoreMember'),
      icon: <ExclamationCircleFilled />,
      content: t('restoreConfirm', { name, owner: member.owner_username ?? '—' }),
      okText: t('restore'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await restore(member.id).unwrap()
          void message.success(t('restoreSuccess', { name }))
        } catch (error) {
          const status = errorStatus(error)
          // Not in the bin: most likely an earlier press's restore whose answer was lost (or a
          // purge). Nothing is left to do, so say so rather than fail; the list is read again.
          if (status === 404) {
            void message.info(t('restoreGoneAlready', { name }))
            return
          }
          void message.error(t(status === 410 ? 'restoreGone' : 'restoreFailed'))
        }
      },
    })
  }

  const columns: ColumnsType<DeletedMember> = [
    {
      title: t('columnName'),
      key: 'name',
      render: (_, member) => <strong>{fullName(member)}</strong>,
    },
    {
      title: t('columnOwner'),
      dataIndex: 'owner_username',
      render: (v: string | null) => v ?? '—',
    },
    { title: t('deletedBy'), dataIndex: 'deleted_by', render: (v: string | null) => v ?? '—' },
    {
      title: t('deletedAt'),
      dataIndex: 'deleted_at',
      render: (value: string) => <DateTime value={value} />,
    },
    {
      title: t('purgeAt'),
      dataIndex: 'purge_at',
      render: (value: string) => <DateTime value={value} withTime={false} />,
    },
    actionsColumn(t('columnActions'), (member) => (
      <>
        <Button
          size="small"
          icon={<UndoOutlined aria-hidden />}
          onClick={() => confirmRestore(member)}
          aria-label={t('restoreNamed', { name: fullName(member) })}
        >
          <FormattedMessage id="restore" />
        </Button>
        <Button
          size="small"
          type="link"
          onClick={() => navigate(`/history?member_id=${member.id}`)}
        >
          <FormattedMessage id="history" />
        </Button>
      </>
    )),
  ]

  return (
    <AdminScreen
      id="deleted-members-title"
      titleId="deletedMembers"
      note={<FormattedMessage id="deletedMembersNotice" />}
    >
      {bin.isError && (
        <LoadError title={t('fetchDeletedError')} onRetry={() => void bin.refetch()} />
      )}
      <RecordsView<DeletedMember>
        columns={columns}
        records={bin.data?.items ?? []}
        loading={bin.isLoading}
        label={t('deletedMembers')}
        empty={<FormattedMessage id="deletedMembersEmpty" />}
        scrollX={800}
      />
    </AdminScreen>
  )
}
