import { EditOutlined, EyeOutlined } from '@ant-design/icons'
import { Button, Card, Flex, Typography } from 'antd'
import type { KeyboardEvent, MouseEvent } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { fullName } from '../../domain'
import { GenderBadgeAvatar, useMemberText } from './memberDisplay'
import type { MemberListItem } from './membersApi'

interface Props {
  members: readonly MemberListItem[]
  onOpen: (id: number) => void
  onEdit: (id: number) => void
}

/** Narrow screens (spec 2.6): one card per member, the whole card opens the profile. */
export function MemberCards({ members, onOpen, onEdit }: Props) {
  const intl = useIntl()
  const text = useMemberText()
  return (
    <ul className="member-cards" aria-label={intl.formatMessage({ id: 'memberListLabel' })}>
      {members.map((member) => {
        const name = fullName(member)
        const open = () => onOpen(member.id)
        const onKeyDown = (event: KeyboardEvent) => {
          if (
            event.target === event.currentTarget &&
            (event.key === 'Enter' || event.key === ' ')
          ) {
            event.preventDefault()
            open()
          }
        }
        const stop = (event: MouseEvent) => event.stopPropagation()
        return (
          <li key={member.id}>
            <Card
              size="small"
              hoverable
              className="member-card"
              onClick={open}
              onKeyDown={onKeyDown}
              tabIndex={0}
              aria-label={name}
            >
              <Flex gap={14} align="center">
                <GenderBadgeAvatar
                  path={member.thumbnail_path}
                  gender={member.gender}
                  alt=""
                  genderLabel={text.gender(member.gender)}
                />
                <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                  <Typography.Text strong ellipsis className="member-card-name">
                    {name}
                  </Typography.Text>
                  <Typography.Text type="secondary" ellipsis>
                    {text.gender(member.gender)} • {text.phone(member.phone_primary)}
                  </Typography.Text>
                  <Typography.Text type="secondary" ellipsis>
                    {text.email(member.email)}
                  </Typography.Text>
                </Flex>
              </Flex>
              <Flex gap={8} justify="flex-end" className="member-card-actions" onClick={stop}>
                <Button
                  size="small"
                  icon={<EyeOutlined />}
                  onClick={open}
                  aria-label={intl.formatMessage({ id: 'viewMemberNamed' }, { name })}
                >
                  <FormattedMessage id="view" />
                </Button>
                <Button
                  size="small"
                  type="primary"
                  ghost
                  icon={<EditOutlined />}
                  onClick={() => onEdit(member.id)}
                  aria-label={intl.formatMessage({ id: 'editMemberNamed' }, { name })}
                >
                  <FormattedMessage id="edit" />
                </Button>
              </Flex>
            </Card>
          </li>
        )
      })}
    </ul>
  )
}
