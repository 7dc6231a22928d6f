import { FilterOutlined, LoadingOutlined } from '@ant-design/icons'
import { Badge, Button, Tag, Tooltip, Typography } from 'antd'
import { FormattedMessage, useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useIsMobile } from '../../shared/useMediaQuery'
import { ExportMenu, type ExportListArgs } from './ExportMenu'
import { filtersToggled, selectFiltersActive, selectFiltersVisible } from './membersSlice'

/**
 * Spec 2.6: the title with the member count, and the Show/Hide Filters toggle, on one line. On a
 * phone the toggle is an icon button (named for screen readers, with a tooltip) and the count
 * sits under the title as words ("30 members"): the longest title, Afaan Oromoo's, fills a 375 px
 * line by itself, and a count tag wrapped alone onto a second line looked broken.
 */
export function MemberListHeader({
  total,
  capped = false,
  counting = false,
  exportList,
}: {
  total: number | undefined
  /** More match than total: a text search counts no further than 1,000 ("1,000+ members"). */
  capped?: boolean
  /** The rows are in and their count is on its way (an uncounted search, decision 0142). */
  counting?: boolean
  /** The list as shown, for its Export menu (issue 24); none offline, an export is the server's. */
  exportList?: ExportListArgs
}) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const compact = useIsMobile()
  const filtersVisible = useAppSelector(selectFiltersVisible)
  const filtersActive = useAppSelector(selectFiltersActive)
  const toggleLabel = intl.formatMessage({ id: filtersVisible ? 'hideFilters' : 'showFilters' })

  const toggle = (
    <Badge dot={filtersActive && !filtersVisible}>
      <Button
        icon={<FilterOutlined aria-hidden />}
        aria-expanded={filtersVisible}
        aria-controls="member-filters"
        aria-label={compact ? toggleLabel : undefined}
        onClick={() => dispatch(filtersToggled())}
      >
        {compact ? null : toggleLabel}
      </Button>
    </Badge>
  )

  const count =
    total === undefined
      ? undefined
      : intl.formatMessage({ id: capped ? 'memberCountCapped' : 'memberCount' }, { count: total })
  const pending = total === undefined && counting
  const countingText = intl.formatMessage({ id: 'memberCountCounting' })
  return (
    <div
      className={compact ? 'member-list-header member-list-header-compact' : 'member-list-header'}
    >
      <div className="member-list-heading">
        <Typography.Title level={1} id="member-list-title" className="member-list-title">
          <FormattedMessage id="churchMembers" />
        </Typography.Title>
        {compact ? (
          // Kept while loading (a blank line) so the list does not jump when the count arrives.
          // Export sits on the count's line: beside the toggle it pushed a long title to two lines.
          <div className="member-count-line">
            <Typography.Text type="secondary" className="member-count">
              {count ?? (pending ? countingText : '\u00a0')}
            </Typography.Text>
            {exportList && <ExportMenu list={exportList} compact />}
          </div>
        ) : pending ? (
          <Tag color="blue" className="member-count" title={countingText}>
            <LoadingOutlined aria-hidden />
            <span className="sr-only">{countingText}</span>
          </Tag>
        ) : (
          count !== undefined && (
            // A static tag: the Badge's rolling digits were caught mid-animation after a search.
            <Tag color="blue" className="member-count" title={count}>
              {capped
                ? intl.formatMessage({ id: 'memberCountCappedShort' }, { count: total })
                : intl.formatNumber(total ?? 0)}
            </Tag>
          )
        )}
      </div>
      <div className="member-list-actions">
        {!compact && exportList && <ExportMenu list={exportList} compact={false} />}
        {compact ? <Tooltip title={toggleLabel}>{toggle}</Tooltip> : toggle}
      </div>
    </div>
  )
}
