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

/** Column widths in px; Name and Email share what is left. */
const COLUMNS = [
  { id: 'columnPhoto', width: 72 },
  { id: 'columnName' },
  { id: 'columnGender', width: 110 },
  { id: 'columnPhone', width: 170 },
  { id: 'columnEmail' },
  { id: 'columnMembershipStatus', width: 170 },
  { id: 'columnActions', width: 112 },
] as const

/**
 * Tablets (768 px up to these widths): seven columns left Name and Email about 60 px, names broke
 * mid-word (issue 28). Gender goes under the name and Email under the phone, in one column.
 */
const COMPACT_COLUMNS = [
  { id: 'columnPhoto', width: 60 },
  { id: 'columnName' },
  { id: 'columnContact' },
  { id: 'columnMembershipStatus', width: 150 },
  { id: 'columnActions', width: 96 },
] as const
export const COMPACT_TABLE_QUERY = '(max-width: 1099.98px)'
export const COMPACT_TABLE_WITH_OWNER_QUERY = '(max-width: 1229.98px)'

type Column = { id: string; width?: number }
const OWNER_COLUMN: Column = { id: 'columnOwner', width: 130 }
const COMPACT_OWNER_COLUMN: Column = { id: 'columnOwner', width: 110 }

// Every account's members (admins, auditors): whose each one is, before the actions.
const withOwnerColumn = (columns: readonly Column[], owner: Column): Column[] => [
  ...columns.slice(0, -1),
  owner,
  columns[columns.length - 1] as Column,
]
const COLUMN_SETS: Record<string, readonly Column[]> = {
  wide: COLUMNS,
  wideWithOwner: withOwnerColumn(COLUMNS, OWNER_COLUMN),
  compact: COMPACT_COLUMNS,
  compactWithOwner: withOwnerColumn(COMPACT_COLUMNS, COMPACT_OWNER_COLUMN),
}
const MAX_COLUMNS = COLUMNS.length + 1

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
  const columns = COLUMN_SETS[`${compact ? 'compact' : 'wide'}${withOwner ? 'WithOwner' : ''}`]
  return (
    <div className={compact ? 'member-table member-table-compact' : 'member-table'}>
      <table aria-label={intl.formatMessage({ id: 'memberListLabel' })} aria-rowcount={total + 1}>
        <colgroup>
          {columns.map((column) => (
            <col key={column.id} style={column.width ? { width: column.width } : undefined} />
          ))}
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
              compact={compact}
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
  props: MemberItemProps &
    WindowedItemProps & { withOwner: boolean; compact: boolean; query: string | undefined },
) {
  const { member, index, measureRef, withOwner, compact, query } = props
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
      {compact ? (
        <>
          <td>
            <strong className="member-row-name">{name}</strong>
            <div className="member-secondary">{text.gender(member.gender)}</div>
            <SearchMatchNote member={member} query={query} className="member-table-line" />
          </td>
          <td>
            <EllipsisLine text={text.phone(member.phone_primary)} />
            <EllipsisLine text={text.email(member.email)} secondary />
          </td>
        </>
      ) : (
        <>
          <td>
            <strong className="member-row-name">{name}</strong>
            <SearchMatchNote member={member} query={query} className="member-table-line" />
          </td>
          <td>{text.gender(member.gender)}</td>
          <td>{text.phone(member.phone_primary)}</td>
          <td className="member-table-ellipsis" title={member.email ?? undefined}>
            {text.email(member.email)}
          </td>
        </>
      )}
      <td>
        {member.membership_status ? (
          <Tag color={STATUS_COLORS[member.membership_status] ?? 'default'}>
            {text.status(member.membership_status)}
          </Tag>
        ) : (
          <span className="member-secondary">{text.status(null)}</span>
        )}
      </td>
      {withOwner && <td className="member-table-ellipsis">{member.owner_username}</td>}
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

/** One line of a cell, cut with an ellipsis; the whole text shows on hover. */
function EllipsisLine({ text, secondary }: { text: string; secondary?: boolean }) {
  return (
    <div
      className={secondary ? 'member-table-line member-secondary' : 'member-table-line'}
      title={text}
    >
      {text}
    </div>
  )
}
