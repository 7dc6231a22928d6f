import { UserOutlined, WomanOutlined } from '@ant-design/icons'
import { Avatar, Badge } from 'antd'
import { type KeyboardEvent, memo, type MouseEvent, useMemo, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { fullName } from '../../domain'
import { useCanChangeMember } from '../auth'
import { useOptionLabel } from '../memberForm'
import { type MemberListItem, photoUrl } from './membersApi'
import { type MatchField, searchMatchOf } from './searchMatch'

export const DEFAULT_AVATAR = '/default-avatar.png'

/** One member of the list, as a card (phones) or a table row (wide screens). */
export interface MemberItemProps {
  member: MemberListItem
  onOpen: (id: number) => void
  onEdit: (id: number) => void
}

/** The member list, as cards (phones) or a table (wide screens). */
export interface MemberListProps {
  members: readonly MemberListItem[]
  /** All the members the list stands for, loaded or not. */
  total: number
  onOpen: (id: number) => void
  onEdit: (id: number) => void
  /** The search the list answers, as sent: a result found by another field says which. */
  query?: string
}

/** Where a card or row sits in the list, and the windowed list's measuring ref. */
export interface WindowedItemProps {
  index: number
  measureRef?: (element: Element | null) => void
}

/** The loaded members a windowed list renders, each with its place and the measuring ref. */
export function windowedMembers(
  list: { indices: readonly number[]; measureRef?: WindowedItemProps['measureRef'] },
  members: readonly MemberListItem[],
) {
  return list.indices.map((index) => ({
    index,
    measureRef: list.measureRef,
    member: members[index] as MemberListItem,
  }))
}

/**
 * What a card and a row share: the member's name and texts, whether the user may edit them, and
 * opening the profile when the item is clicked or, focused, gets Enter or Space. Its View and
 * Edit buttons stop their click there, so it does not also open the profile.
 */
export function useMemberItem({ member, onOpen, onEdit }: MemberItemProps) {
  const intl = useIntl()
  const canChange = useCanChangeMember(member.owner_user_id)
  const text = useMemberText()
  const name = fullName(member)
  const open = () => onOpen(member.id)
  return {
    name,
    text,
    canChange,
    open,
    edit: () => onEdit(member.id),
    viewLabel: intl.formatMessage({ id: 'viewMemberNamed' }, { name }),
    editLabel: intl.formatMessage({ id: 'editMemberNamed' }, { name }),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
        event.preventDefault()
        open()
      }
    },
    stopClick: (event: MouseEvent) => event.stopPropagation(),
  }
}

/** Spec 2.6 / 8.6: each missing value has its own wording. */
export function useMemberText() {
  const intl = useIntl()
  const optionLabel = useOptionLabel()
  // One object per language, so memoised lists do not render again for a new one.
  return useMemo(
    () => ({
      gender: (key: string | null) =>
        key ? optionLabel('gender', key) : intl.formatMessage({ id: 'notSpecified' }),
      phone: (phone: string | null) => phone?.trim() || intl.formatMessage({ id: 'noPhone' }),
      email: (email: string | null) => email?.trim() || intl.formatMessage({ id: 'noEmail' }),
      status: (key: string | null) =>
        key ? optionLabel('membership_status', key) : intl.formatMessage({ id: 'noStatus' }),
    }),
    [intl, optionLabel],
  )
}

/** A photo that falls back to /default-avatar.png when missing or broken (spec 8.5). */
export function MemberAvatar({
  path,
  size = 48,
  alt,
}: {
  path: string | null | undefined
  size?: number
  alt: string
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const wanted = photoUrl(path)
  const src = wanted && wanted !== failedSrc ? wanted : DEFAULT_AVATAR
  return (
    <Avatar
      size={size}
      icon={<UserOutlined />}
      src={
        <img
          src={src}
          alt={alt}
          loading="lazy"
          decoding="async"
          width={size}
          height={size}
          onError={() => setFailedSrc(src)}
        />
      }
    />
  )
}

/** Spec 2.6: a person icon for Male, otherwise a woman icon. */
export function GenderBadgeAvatar({
  path,
  gender,
  alt,
  genderLabel,
}: {
  path: string | null
  gender: string | null
  alt: string
  genderLabel: string
}) {
  const icon = gender === 'male' ? <UserOutlined /> : <WomanOutlined />
  return (
    <Badge
      offset={[-6, 40]}
      count={
        <span className="member-gender-badge" role="img" aria-label={genderLabel}>
          {icon}
        </span>
      }
    >
      <MemberAvatar path={path} size={52} alt={alt} />
    </Badge>
  )
}

const MATCH_FIELD_LABELS: Record<MatchField, string> = {
  phone_primary: 'columnPhone',
  email: 'columnEmail',
  parent_guardian: 'parentGuardian',
  emergency_contact_name: 'emergencyContactName',
  spouse_name: 'spouseName',
  christian_name: 'christianName',
}

/**
 * Under a search result's name: the field the search found the member by, when not the name
 * (issue 28): "Phone: +251 <mark>911</mark> …", or that it is another detail of the profile.
 */
export const SearchMatchNote = memo(function SearchMatchNote({
  member,
  query,
  className,
}: {
  member: MemberListItem
  query: string | undefined
  className: string
}) {
  const intl = useIntl()
  const text = useMemberText()
  const match = useMemo(
    () => (query ? searchMatchOf(member, query, [text.status(member.membership_status)]) : null),
    [member, query, text],
  )
  if (!match) return null
  if (match.field === 'other') {
    return (
      <span className={`${className} member-secondary member-search-match`}>
        <FormattedMessage id="searchMatchOther" />
      </span>
    )
  }
  const { value, start, end } = match
  return (
    <span className={`${className} member-search-match`}>
      <FormattedMessage
        id="searchMatchField"
        values={{
          field: intl.formatMessage({ id: MATCH_FIELD_LABELS[match.field] }),
          value: (
            // Phones and addresses read left to right; names in their own script's direction.
            <span dir={match.field === 'phone_primary' || match.field === 'email' ? 'ltr' : 'auto'}>
              {value.slice(0, start)}
              {end > start && <mark>{value.slice(start, end)}</mark>}
              {value.slice(end)}
            </span>
          ),
        }}
      />
    </span>
  )
})
