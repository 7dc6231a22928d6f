import { EditOutlined, EyeOutlined } from '@ant-design/icons'
import { Button, Card } from 'antd'
import { memo, useRef } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useProgressiveList } from '../../shared/useProgressiveList'
import { useWindowedList, WINDOW_FROM } from '../../shared/useWindowedList'
import {
  GenderBadgeAvatar,
  SearchMatchNote,
  type MemberItemProps,
  type MemberListProps,
  useMemberItem,
  windowedMembers,
  type WindowedItemProps,
} from './memberDisplay'

/**
 * Narrow screens (spec 2.6): one card per member, the whole card opens the profile. The cards
 * appear a few at a time (useProgressiveList) and each is memoised, so showing more, or the list
 * screen re-rendering on a keystroke, does not render the cards already on screen again. Lines
 * are plain elements cut with CSS (.member-card-line): antd's Typography ellipsis costs a
 * ResizeObserver per line. A long list renders only the cards near the window (useWindowedList).
 */
export function MemberCards({ members, total, onOpen, onEdit, query }: MemberListProps) {
  const intl = useIntl()
  const shown = useProgressiveList(members, 6, 4, WINDOW_FROM)
  const list = useRef<HTMLUListElement>(null)
  const cards = useWindowedList({
    count: shown.length,
    listRef: list,
    estimateSize: 128,
    gap: CARD_GAP,
  })
  return (
    <ul
      ref={list}
      className="member-cards"
      aria-label={intl.formatMessage({ id: 'memberListLabel' })}
      style={{ paddingTop: cards.before, paddingBottom: cards.after }}
    >
      {windowedMembers(cards, shown).map((item) => (
        <MemberCard
          key={item.member.id}
          {...item}
          // Only a windowed list needs them: the others are all there to count. The total, not
          // the loaded count, so a new page does not render the cards on screen again.
          setSize={cards.windowed ? total : undefined}
          onOpen={onOpen}
          onEdit={onEdit}
          query={query}
        />
      ))}
    </ul>
  )
}

/** The cards' grid gap (members.css). */
const CARD_GAP = 10

const MemberCard = memo(function MemberCard(
  props: MemberItemProps &
    WindowedItemProps & { setSize: number | undefined; query: string | undefined },
) {
  const { member, index, measureRef, setSize, query } = props
  const { name, text, canChange, open, edit, viewLabel, editLabel, onKeyDown, stopClick } =
    useMemberItem(props)
  return (
    <li
      ref={measureRef}
      data-index={index}
      aria-setsize={setSize}
      aria-posinset={setSize && index + 1}
    >
      <Card
        size="small"
        hoverable
        className="member-card"
        onClick={open}
        onKeyDown={onKeyDown}
        tabIndex={0}
        aria-label={name}
      >
        <div className="member-card-body">
          <GenderBadgeAvatar
            path={member.thumbnail_path}
            gender={member.gender}
            alt=""
            genderLabel={text.gender(member.gender)}
          />
          <div className="member-card-lines">
            <strong className="member-card-line member-card-name">{name}</strong>
            <SearchMatchNote member={member} query={query} className="member-card-line" />
            <span className="member-card-line member-secondary">
              {text.gender(member.gender)} • {text.phone(member.phone_primary)}
            </span>
            <span className="member-card-line member-secondary">{text.email(member.email)}</span>
            {member.owner_username !== undefined && (
              <span className="member-card-line member-secondary">
                <FormattedMessage id="ownerNamed" values={{ name: member.owner_username }} />
              </span>
            )}
          </div>
        </div>
        <div className="member-card-actions" onClick={stopClick}>
          <Button size="small" icon={<EyeOutlined />} onClick={open} aria-label={viewLabel}>
            <FormattedMessage id="view" />
          </Button>
          {canChange && (
            <Button size="small" icon={<EditOutlined />} onClick={edit} aria-label={editLabel}>
              <FormattedMessage id="edit" />
            </Button>
          )}
        </div>
      </Card>
    </li>
  )
})
