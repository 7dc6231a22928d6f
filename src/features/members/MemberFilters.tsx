import { SearchOutlined } from '@ant-design/icons'
import { Card, Col, Input, Row, Select } from 'antd'
import { useEffect } from 'react'
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { FILTER_STATUSES, type StatusFilter } from '../../domain'
import { useOptionLabel } from '../memberForm'
import {
  SEARCH_DEBOUNCE_MS,
  searchChanged,
  searchSettled,
  selectMembersListStatus,
  selectSearchText,
  selectStatusFilter,
  statusFilterChanged,
} from './membersSlice'

/**
 * Applies the typed search once typing pauses. It lives outside the filter panel so that hiding
 * the panel mid-word still applies what was typed.
 */
export function useSearchDebounce() {
  const dispatch = useAppDispatch()
  const status = useAppSelector(selectMembersListStatus)
  const searchText = useAppSelector(selectSearchText)
  useEffect(() => {
    if (status !== 'filtering') return undefined
    const timer = setTimeout(() => dispatch(searchSettled()), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [dispatch, status, searchText])
}

/** Spec 2.6: the free-text search and the membership-status filter. */
export function MemberFilters() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const searchText = useAppSelector(selectSearchText)
  const statusFilter = useAppSelector(selectStatusFilter)

  const optionLabel = useOptionLabel()
  const statusOptions = FILTER_STATUSES.map((key) => ({
    value: key,
    label:
      key === 'all'
        ? intl.formatMessage({ id: 'allStatuses' })
        : optionLabel('membership_status', key),
  }))

  return (
    <Card size="small" className="member-filters" id="member-filters">
      <Row gutter={[12, 12]}>
        <Col xs={24} md={16}>
          <Input
            allowClear
            type="search"
            prefix={<SearchOutlined aria-hidden />}
            value={searchText}
            placeholder={intl.formatMessage({ id: 'searchMembersPlaceholder' })}
            aria-label={intl.formatMessage({ id: 'searchMembers' })}
            onChange={(event) => dispatch(searchChanged(event.target.value))}
          />
        </Col>
        <Col xs={24} md={8}>
          <Select<StatusFilter>
            style={{ width: '100%' }}
            value={statusFilter}
            options={statusOptions}
            aria-label={intl.formatMessage({ id: 'statusFilterLabel' })}
            onChange={(value) => dispatch(statusFilterChanged(value))}
          />
        </Col>
      </Row>
    </Card>
  )
}
