import { EditOutlined, EyeOutlined } from '@ant-design/icons'
import { Button, Space, Table, Tag, Tooltip, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { type KeyboardEvent, memo } from 'react'
import { useIntl } from 'react-intl'
import { fullName } from '../../domain'
import { MemberAvatar, useMemberText } from './memberDisplay'
import type { MemberListItem } from './membersApi'

interface Props {
  members: readonly MemberListItem[]
  onOpen: (id: number) => void
  onEdit: (id: number) => void
}

const STATUS_COLORS: Record<string, string> = {
  member: 'green',
  regularAttendee: 'blue',
  visitor: 'gold',
  pending: 'orange',
  inactive: 'default',
  transferred: 'purple',
}

/** Wide screens (spec 2.6): Photo, Name, Gender, Phone, Email, Membership Status, Actions. */
export const MemberTable = memo(function MemberTable({ members, onOpen, onEdit }: Props) {
  const intl = useIntl()
  const text = useMemberText()
  const t = (id: string) => intl.formatMessage({ id })

  const columns: ColumnsType<MemberListItem> = [
    {
      key: 'photo',
      title: t('columnPhoto'),
      width: 72,
      render: (_, member) => <MemberAvatar path={member.thumbnail_path} size={40} alt="" />,
    },
    {
      key: 'name',
      title: t('columnName'),
      render: (_, member) => <Typography.Text strong>{fullName(member)}</Typography.Text>,
    },
    { key: 'gender', title: t('columnGender'), render: (_, member) => text.gender(member.gender) },
    {
      key: 'phone',
      title: t('columnPhone'),
      render: (_, member) => text.phone(member.phone_primary),
    },
    {
      key: 'email',
      title: t('columnEmail'),
      ellipsis: true,
      render: (_, member) => text.email(member.email),
    },
    {
      key: 'status',
      title: t('columnMembershipStatus'),
      render: (_, member) =>
        member.membership_status ? (
          <Tag color={STATUS_COLORS[member.membership_status] ?? 'default'}>
            {text.status(member.membership_status)}
          </Tag>
        ) : (
          <Typography.Text type="secondary">{text.status(null)}</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: t('columnActions'),
      width: 112,
      render: (_, member) => {
        const name = fullName(member)
        return (
          // The row opens the profile on click; the buttons must not trigger it twice.
          <Space size={4} onClick={(event) => event.stopPropagation()}>
            <Tooltip title={t('view')}>
              <Button
                type="text"
                icon={<EyeOutlined />}
                onClick={() => onOpen(member.id)}
                aria-label={intl.formatMessage({ id: 'viewMemberNamed' }, { name })}
              />
            </Tooltip>
            <Tooltip title={t('edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                onClick={() => onEdit(member.id)}
                aria-label={intl.formatMessage({ id: 'editMemberNamed' }, { name })}
              />
            </Tooltip>
          </Space>
        )
      },
    },
  ]

  return (
    <Table<MemberListItem>
      className="member-table"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={members as MemberListItem[]}
      pagination={false}
      aria-label={t('memberListLabel')}
      onRow={(member) => ({
        onClick: () => onOpen(member.id),
        onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
          if (event.target === event.currentTarget && event.key === 'Enter') onOpen(member.id)
        },
        tabIndex: 0,
        style: { cursor: 'pointer' },
      })}
    />
  )
})
