import { SearchOutlined } from '@ant-design/icons'
import { Card, Col, Input, Row, Select } from 'antd'
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { FILTER_STATUSES, type StatusFilter } from '../../domain'
import { useDebouncedText } from '../../shared/useDebouncedText'
import { useOptionLabel } from '../memberForm'
import {
  SEARCH_DEBOUNCE_MS,
  membersListMachine,
  searchSettled,
  searchTyped,
  selectMembersListStatus,
  selectSearchText,
  selectStatusFilter,
  statusFilterChanged,
} from './membersSlice'
import { useClearButton } from '../../shared/useClearButton'

/** Spec 2.6: the free-text search and the membership-status filter. */
export function MemberFilters() {
  const clear = useClearButton()
  const intl = useIntl()
  const dispatch = useAppDispatch()
  // Settled once typing pauses; hiding the panel mid-word still applies what was typed. The
  // list waits (debouncing) from the first key of a burst to its pause: one event each.
  const listStatus = useAppSelector(selectMembersListStatus)
  const [searchText, settleLater] = useDebouncedText(
    useAppSelector(selectSearchText),
    (text) => dispatch(searchSettled(text)),
    SEARCH_DEBOUNCE_MS,
    { flushOnUnmount: true, settleUnchanged: true },
  )
  const changeSearch = (text: string) => {
    if (listStatus !== 'debouncing' && membersListMachine.can(listStatus, 'searchTyped')) {
      dispatch(searchTyped())
    }
    settleLater(text)
  }
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
            allowClear={clear.input}
            type="search"
            prefix={<SearchOutlined aria-hidden />}
            value={searchText}
            placeholder={intl.formatMessage({ id: 'searchMembersPlaceholder' })}
            aria-label={intl.formatMessage({ id: 'searchMembers' })}
            onChange={(event) => changeSearch(event.target.value)}
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
