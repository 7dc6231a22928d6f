import { EditOutlined, EyeOutlined } from '@ant-design/icons'
import { Button, Card, Flex, Typography } from 'antd'
import { memo } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useProgressiveList } from '../../shared/useProgressiveList'
import {
  GenderBadgeAvatar,
  type MemberItemProps,
  useMemberText,
  useOpenableMember,
} from './memberDisplay'
import type { MemberListItem } from './membersApi'

interface Props {
  members: readonly MemberListItem[]
  onOpen: (id: number) => void
  onEdit: (id: number) => void
}

/**
 * Narrow screens (spec 2.6): one card per member, the whole card opens the profile. The cards
 * appear a few at a time (useProgressiveList) and each is memoised, so showing more, or the list
 * screen re-rendering on a keystroke, does not render the cards already on screen again. Lines
 * are cut with CSS (.member-card-line) rather than Typography's measured ellipsis, which cost a
 * measuring component and a ResizeObserver per line.
 */
export function MemberCards({ members, onOpen, onEdit }: Props) {
  const intl = useIntl()
  const shown = useProgressiveList(members)
  return (
    <ul className="member-cards" aria-label={intl.formatMessage({ id: 'memberListLabel' })}>
      {shown.map((member) => (
        <MemberCard key={member.id} member={member} onOpen={onOpen} onEdit={onEdit} />
      ))}
    </ul>
  )
}

const MemberCard = memo(function MemberCard(props: MemberItemProps) {
  const { member, onEdit } = props
  const intl = useIntl()
  const text = useMemberText()
  const { name, open, onKeyDown, stopClick } = useOpenableMember(props)
  return (
    <li>
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
            <Typography.Text strong className="member-card-line member-card-name">
              {name}
            </Typography.Text>
            <Typography.Text type="secondary" className="member-card-line">
              {text.gender(member.gender)} • {text.phone(member.phone_primary)}
            </Typography.Text>
            <Typography.Text type="secondary" className="member-card-line">
              {text.email(member.email)}
            </Typography.Text>
          </Flex>
        </Flex>
        <Flex gap={8} justify="flex-end" className="member-card-actions" onClick={stopClick}>
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
})
