import { EditOutlined, EyeOutlined } from '@ant-design/icons'
import { Button, Tag, Tooltip } from 'antd'
import { memo, type ReactNode, useRef } from 'react'
import { useIntl } from 'react-intl'
import { useMediaQuery } from '../../shared/useMediaQuery'
import { useWindowedList } from '../../shared/useWindowedList'
import {
  MemberAvatar,
  type MemberItemProps,
  type MemberListProps,
  SearchMatchNote,
  type WindowedItemProps,
  useMemberItem,
  windowedMembers,
} from './memberDisplay'

const STATUS_COLORS: Record<string, string> = {
  member: 'green',
  regularAttendee: 'blue',
  visitor: 'gold',
  pending: 'orange',
  inactive: 'default',
  transferred: 'purple',
}

type Column = { id: string; width?: number; compact?: number }

/**
 * Spec 2.6's seven columns at every width from the medium breakpoint. Widths in px (`compact` on
 * tablets); Name and Email share what is left, long values cut with an ellipsis and shown whole
 * in a tooltip and when the row has keyboard focus (members.css).
 */
const COLUMNS: readonly Column[] = [
  { id: 'columnPhoto', width: 72, compact: 60 },
  { id: 'columnName' },
  { id: 'columnGender', width: 110, compact: 76 },
  { id: 'columnPhone', width: 170, compact: 132 },
  { id: 'columnEmail' },
  { id: 'columnMembershipStatus', width: 170, compact: 124 },
  { id: 'columnActions', width: 112, compact: 84 },
]
export const COMPACT_TABLE_QUERY = '(max-width: 1099.98px)'
export const COMPACT_TABLE_WITH_OWNER_QUERY = '(max-width: 1229.98px)'
const OWNER_COLUMN: Column = { id: 'columnOwner', width: 130, compact: 96 }

// Every account's members (admins, auditors): whose each one is, before the actions.
const WITH_OWNER: readonly Column[] = [
  ...COLUMNS.slice(0, -1),
  OWNER_COLUMN,
  COLUMNS[COLUMNS.length - 1] as Column,
]
const MAX_COLUMNS = WITH_OWNER.length

/**
 * Wide screens (spec 2.6): Photo, Name, Gender, Phone, Email, Membership Status, Actions.
 *
 * A plain table with memoised rows in antd's look (members.css), rather than antd's Table, which
 * renders every cell again on each new page (docs/decisions/0052). A long list renders only the
 * rows near the window (useWindowedList), an empty row holding the place of the others.
 */
export const MemberTable = memo(function MemberTable({
  members,
  total,
  onOpen,
  onEdit,
  query,
}: MemberListProps) {
  const intl = useIntl()
  const body = useRef<HTMLTableSectionElement>(null)
  const rows = useWindowedList({ count: members.length, listRef: body, estimateSize: 65 })
  const withOwner = members.some((member) => member.owner_username !== undefined)
  const compact = useMediaQuery(withOwner ? COMPACT_TABLE_WITH_OWNER_QUERY : COMPACT_TABLE_QUERY)
  const columns = withOwner ? WITH_OWNER : COLUMNS
  return (
    <div className={compact ? 'member-table member-table-compact' : 'member-table'}>
      <table aria-label={intl.formatMessage({ id: 'memberListLabel' })} aria-rowcount={total + 1}>
        <colgroup>
          {columns.map((column) => {
            const width = compact ? column.compact : column.width
            return <col key={column.id} style={width ? { width } : undefined} />
          })}
        </colgroup>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col">
                {intl.formatMessage({ id: column.id })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body}>
          <Spacer height={rows.before} />
          {windowedMembers(rows, members).map((item) => (
            <MemberRow
              key={item.member.id}
              {...item}
              onOpen={onOpen}
              onEdit={onEdit}
              withOwner={withOwner}
              query={query}
            />
          ))}
          <Spacer height={rows.after} />
        </tbody>
      </table>
    </div>
  )
})

/** Holds the place of the rows not rendered. */
function Spacer({ height }: { height: number }) {
  if (height <= 0) return null
  return (
    <tr aria-hidden className="member-table-spacer">
      <td colSpan={MAX_COLUMNS} style={{ height }} />
    </tr>
  )
}

const MemberRow = memo(function MemberRow(
  props: MemberItemProps & WindowedItemProps & { withOwner: boolean; query: string | undefined },
) {
  const { member, index, measureRef, withOwner, query } = props
  const { name, text, canChange, open, edit, viewLabel, editLabel, onKeyDown, stopClick } =
    useMemberItem(props)
  return (
    <tr
      ref={measureRef}
      data-index={index}
      aria-rowindex={index + 2}
      className="member-row"
      tabIndex={0}
      onClick={open}
      onKeyDown={onKeyDown}
    >
      <td>
        <MemberAvatar path={member.thumbnail_path} size={40} alt="" />
      </td>
      <td>
        <strong className="member-row-name" title={name}>
          {name}
        </strong>
        <SearchMatchNote member={member} query={query} className="member-table-line" />
      </td>
      <td className="member-table-ellipsis" title={text.gender(member.gender)}>
        {text.gender(member.gender)}
      </td>
      <td className="member-table-ellipsis" title={text.phone(member.phone_primary)}>
        {text.phone(member.phone_primary)}
      </td>
      <td className="member-table-ellipsis" title={text.email(member.email)}>
        {text.email(member.email)}
      </td>
      <td>
        {member.membership_status ? (
          <Tag
            color={STATUS_COLORS[member.membership_status] ?? 'default'}
            title={text.status(member.membership_status)}
          >
            {text.status(member.membership_status)}
          </Tag>
        ) : (
          <span className="member-secondary">{text.status(null)}</span>
        )}
      </td>
      {withOwner && (
        <td className="member-table-ellipsis" title={member.owner_username}>
          {member.owner_username}
        </td>
      )}
      <td>
        <div className="member-row-actions" onClick={stopClick}>
          <RowAction
            titleId="view"
            icon={<EyeOutlined aria-hidden />}
            onClick={open}
            label={viewLabel}
          />
          {canChange && (
            <RowAction
              titleId="edit"
              icon={<EditOutlined aria-hidden />}
              onClick={edit}
              label={editLabel}
            />
          )}
        </div>
      </td>
    </tr>
  )
})

/** A row's icon button, its name in a tooltip and, with the member's name, for screen readers. */
function RowAction({
  titleId,
  icon,
  onClick,
  label,
}: {
  titleId: string
  icon: ReactNode
  onClick: () => void
  label: string
}) {
  const intl = useIntl()
  return (
    <Tooltip title={intl.formatMessage({ id: titleId })}>
      <Button type="text" icon={icon} onClick={onClick} aria-label={label} />
    </Tooltip>
  )
}
