import { Empty, Skeleton } from 'antd'
import { useCallback, useMemo } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { useAppSelector } from '../../app/hooks'
import { Notice } from '../../shared/Notice'
import { BELOW_MEDIUM_QUERY, useMediaQuery } from '../../shared/useMediaQuery'
import { useDeviceList } from './deviceList'
import { filterDeviceList } from './deviceSearch'
import { MemberCards } from './MemberCards'
import { MemberFilters } from './MemberFilters'
import { MemberListHeader } from './MemberListHeader'
import { selectAppliedSearch, selectFiltersVisible, selectStatusFilter } from './membersSlice'
import { MemberTable } from './MemberTable'
import { useFiltersFromUrl } from './urlFilters'

/**
 * The list in an offline session after a reload (issue 42): the rows this device kept when the
 * list was last open online and the profiles opened here. Searching and filtering run over those
 * only, and say so; the count is of the rows shown.
 */
export function OfflineMemberList() {
  const navigate = useNavigate()
  const narrow = useMediaQuery(BELOW_MEDIUM_QUERY)
  const q = useAppSelector(selectAppliedSearch)
  const status = useAppSelector(selectStatusFilter)
  const filtersVisible = useAppSelector(selectFiltersVisible)
  useFiltersFromUrl(filtersVisible)
  const kept = useDeviceList()
  const device = kept.status === 'ready' ? kept.value : null
  // The labels the server also searches by, in this interface's language ("መዘምራን": choir).
  const intl = useIntl()
  const labels = useMemo(
    () =>
      Object.fromEntries(
        Object.keys(intl.messages)
          .filter((id) => id.startsWith('option.'))
          .map((id) => [id, intl.formatMessage({ id })]),
      ),
    [intl],
  )
  const members = useMemo(
    () => (device ? filterDeviceList(device, q, status, labels) : []),
    [device, q, status, labels],
  )
  // Every member kept here: the list's rows and the profiles opened that it does not hold.
  const keptCount = useMemo(() => {
    if (!device) return 0
    const ids = new Set(device.rows.map((row) => row.id))
    return ids.size + device.profiles.filter((member) => !ids.has(member.id)).length
  }, [device])
  const open = useCallback((id: number) => navigate(`/member/${id}`), [navigate])

  let body
  if (kept.status === 'loading') body = <Skeleton active avatar paragraph={{ rows: 6 }} />
  else if (keptCount === 0) {
    body = <Empty description={<FormattedMessage id="membersNotOnDevice" />} />
  } else if (members.length === 0) {
    body = <Empty description={<FormattedMessage id="noMembersFoundOnDevice" />} />
  } else {
    const list = { members, total: members.length, onOpen: open, onEdit: open, query: q }
    body = narrow ? <MemberCards {...list} /> : <MemberTable {...list} />
  }

  return (
    <section className="member-list-screen" aria-labelledby="member-list-title">
      <MemberListHeader total={device ? members.length : undefined} />
      {keptCount > 0 && (
        <Notice
          type="info"
          className="member-list-alert"
          titleId="membersOnDevice"
          titleValues={{ count: keptCount }}
        />
      )}
      {filtersVisible && <MemberFilters />}
      <div aria-live="polite">{body}</div>
    </section>
  )
}
