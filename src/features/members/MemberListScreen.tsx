import { ReloadOutlined } from '@ant-design/icons'
import { Button, Empty, Skeleton, Spin } from 'antd'
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { useLocation, useNavigate } from 'react-router'
import { errorStatus } from '../../app/api'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { Notice } from '../../shared/Notice'
import { BELOW_MEDIUM_QUERY, useMediaQuery } from '../../shared/useMediaQuery'
import { useFiltersFromUrl } from './urlFilters'
import { LoadMore } from './LoadMore'
import { MemberCards } from './MemberCards'
import { useMemberDirectoryInfiniteQuery, useMemberSearchCountQuery } from './memberDirectoryApi'
import { MemberFilters } from './MemberFilters'
import { MemberListHeader } from './MemberListHeader'
import {
  filtersCleared,
  listFailed,
  listLoaded,
  listRequested,
  membersListMachine,
  selectAppliedSearch,
  selectMembersListStatus,
  selectFiltersActive,
  selectFiltersVisible,
  selectStatusFilter,
} from './membersSlice'
import { MemberTable } from './MemberTable'
import './members.css'
import { selectIsOfflineSession, useRole } from '../auth'
import { useOwnerChoice, WhoseMembers } from './WhoseMembers'
import { useKeepListOnDevice } from './deviceList'
import { OfflineMemberList } from './OfflineMemberList'

/** Spec 9.6: the transfer success banner hides after 5 s. */
export const TRANSFER_BANNER_MS = 5000

/** What the profile and the transfer dialog pass along when they return to the list. */
export interface MemberListLocationState {
  transferred?: string
  memberUpdated?: boolean
}

/** A member seen on two pages (the list changed between them) is shown once. */
function uniqueById<T extends { id: number }>(items: T[]): T[] {
  const seen = new Set<number>()
  return items.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)))
}

function useTransferBanner(initial: string | undefined) {
  const [memberName, setMemberName] = useState(initial ?? null)
  useEffect(() => {
    if (!memberName) return undefined
    const timer = setTimeout(() => setMemberName(null), TRANSFER_BANNER_MS)
    return () => clearTimeout(timer)
  }, [memberName])
  return [memberName, () => setMemberName(null)] as const
}

/**
 * Tells the list's machine what its first page is doing. Each event is sent only where the
 * table has a move for it, so an answer that lands while the user types changes nothing.
 */
function useListStatusEvents(query: {
  isFetching: boolean
  isFetchingNextPage: boolean
  isError: boolean
  isFetchNextPageError: boolean
  isSuccess: boolean
}) {
  const dispatch = useAppDispatch()
  const listStatus = useAppSelector(selectMembersListStatus)
  const requesting = query.isFetching && !query.isFetchingNextPage
  const failed = query.isError && !query.isFetchNextPageError
  const { isSuccess } = query
  useEffect(() => {
    const { can } = membersListMachine
    if (requesting) {
      if (can(listStatus, 'listRequested')) dispatch(listRequested())
    } else if (failed) {
      if (can(listStatus, 'listFailed')) dispatch(listFailed())
    } else if (isSuccess && can(listStatus, 'listLoaded')) {
      dispatch(listLoaded())
    }
  }, [dispatch, listStatus, requesting, failed, isSuccess])
}

/** An offline session after a reload lists what this device kept; otherwise the server's list. */
export default function MemberListScreen() {
  const offline = useAppSelector(selectIsOfflineSession)
  return offline ? <OfflineMemberList /> : <ServerMemberList />
}

function ServerMemberList() {
  const navigate = useNavigate()
  const location = useLocation()
  const dispatch = useAppDispatch()
  const narrow = useMediaQuery(BELOW_MEDIUM_QUERY)

  const arrival = (location.state ?? null) as MemberListLocationState | null
  const [transferredName, dismissBanner] = useTransferBanner(arrival?.transferred)
  // Spec 2.6: arriving after a save fetches the list again rather than trusting the cache.
  const [refetchOnArrival] = useState(Boolean(arrival?.memberUpdated))

  useEffect(() => {
    // One-shot indications: a reload or Back must not show the banner again.
    if (location.state) navigate(location.pathname, { replace: true, state: null })
  }, [location.state, location.pathname, navigate])

  const q = useAppSelector(selectAppliedSearch)
  const status = useAppSelector(selectStatusFilter)
  const filtersVisible = useAppSelector(selectFiltersVisible)
  useFiltersFromUrl(filtersVisible)
  const filtersActive = useAppSelector(selectFiltersActive)
  const role = useRole()
  // Admins and auditors choose whose members (issue 25); an auditor owns none, so sees all.
  const [owner, setOwner] = useOwnerChoice(role)
  const directory = useMemberDirectoryInfiniteQuery(
    { q, status, owner },
    { refetchOnMountOrArgChange: refetchOnArrival },
  )
  const { data, isLoading, isFetching, isFetchingNextPage, isError, hasNextPage } = directory
  useListStatusEvents(directory)
  const members = useMemo(() => uniqueById(data?.pages.flatMap((page) => page.items) ?? []), [data])
  useKeepListOnDevice(
    members,
    (owner ?? 'mine') !== 'mine' ? 'none' : !q.trim() && status === 'all' ? 'whole' : 'part',
  )
  // A new page, or a new search over many loaded rows, renders in the background in small
  // slices, so scrolling and typing stay responsive while it does. No further page is asked for
  // until the rows shown catch up: each would restart that render before it could finish.
  // The first page: the cards' too (the skeleton stays until it is in; they come a few at a
  // time anyway), which the store's update otherwise rendered in one piece (4x CPU: 150-230 ms
  // tasks); the table's at once (in slices, its 50 rows showed ~0.5 s later at 4x CPU).
  const deferredMembers = useDeferredValue(members)
  const shownMembers = deferredMembers.length === 0 && !narrow ? members : deferredMembers
  // The search the rows shown answer (deferred with them), for their "found by" notes.
  const deferredQuery = useDeferredValue(q)
  const shownQuery = shownMembers === members ? q : deferredQuery
  const renderingBehind = shownMembers !== members
  const firstPage = data?.pages[0]
  // A search's page that did not end it comes uncounted: its count is asked for on its own.
  const uncounted = firstPage?.total === null
  const counted = useMemberSearchCountQuery(
    { q, status, owner },
    { skip: !uncounted, refetchOnMountOrArgChange: refetchOnArrival },
  )
  const searchCount = uncounted ? counted.currentData : undefined
  const total = firstPage?.total ?? searchCount?.total
  const totalCapped = (searchCount ?? firstPage)?.total_capped === true
  const refreshing = isFetching && !isFetchingNextPage && !isLoading
  // No answer at all over rows already loaded: those rows still work, so no red error above
  // them, only what they are (issue 42).
  const unreachable =
    isError && members.length > 0 && typeof errorStatus(directory.error) === 'string'

  const open = useCallback((id: number) => navigate(`/member/${id}`), [navigate])
  const edit = useCallback((id: number) => navigate(`/member/edit/${id}`), [navigate])

  let body
  if (isLoading || (shownMembers.length === 0 && members.length > 0)) {
    body = <Skeleton active avatar paragraph={{ rows: 6 }} />
  } else if (isError && members.length === 0) {
    body = null
  } else if (members.length === 0) {
    body = (
      <Empty description={<FormattedMessage id="noMembersFound" />}>
        {filtersActive && (
          <Button onClick={() => dispatch(filtersCleared())}>
            <FormattedMessage id="clearFilters" />
          </Button>
        )}
      </Empty>
    )
  } else {
    // The server's count of matching members, loaded or not (for screen readers' "n of N").
    const size = Math.max(total ?? 0, shownMembers.length)
    const list = {
      members: shownMembers,
      total: size,
      onOpen: open,
      onEdit: edit,
      query: shownQuery,
    }
    body = narrow ? <MemberCards {...list} /> : <MemberTable {...list} />
  }

  return (
    <section className="member-list-screen" aria-labelledby="member-list-title">
      <MemberListHeader
        total={total}
        capped={totalCapped}
        counting={uncounted && counted.isFetching}
        exportList={{ q, status, owner }}
      />
      {owner !== undefined && <WhoseMembers value={owner} onChange={setOwner} />}

      {transferredName && (
        <Notice
          type="success"
          closable={{ onClose: dismissBanner }}
          className="member-list-alert"
          titleId="transferSuccess"
          titleValues={{ memberName: transferredName }}
        />
      )}
      {filtersVisible && <MemberFilters />}
      {isError && (
        <Notice
          type={unreachable ? 'warning' : 'error'}
          className="member-list-alert"
          titleId={unreachable ? 'membersShownFromDevice' : 'fetchMembersError'}
          action={
            <Button
              size="small"
              icon={<ReloadOutlined aria-hidden />}
              onClick={() => directory.refetch()}
            >
              <FormattedMessage id="retry" />
            </Button>
          }
        />
      )}

      <Spin spinning={refreshing} delay={200}>
        <div aria-busy={isFetching}>{body}</div>
      </Spin>
      {members.length > 0 && (
        <LoadMore
          hasMore={Boolean(hasNextPage) && !isError}
          loading={isFetchingNextPage || renderingBehind}
          onLoadMore={() => void directory.fetchNextPage()}
        />
      )}
    </section>
  )
}
