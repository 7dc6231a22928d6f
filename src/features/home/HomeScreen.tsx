// The home screen (issue 29): the congregation at a glance, the landing page after sign-in.
import { PrinterOutlined, ReloadOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Empty, List, Skeleton, Typography } from 'antd'
import { lazy, Suspense, useMemo } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { fullName, type StatusFilter, todayIso } from '../../domain'
import { DuesFigures } from '../duesReports'
import { memberListUrl } from '../members'
import { formatMemberDate } from '../memberForm'
import { ScreenSection } from '../../shared/ScreenSection'
import { type MemberStats, type UpcomingList, useMemberStatsQuery } from './homeApi'
import { useHomeLabels } from './homeLabels'
import './home.css'

const HomeCharts = lazy(() => import(/* webpackChunkName: "home-charts" */ './HomeCharts'))

/** The arguments of the stats call: the user's calendar, day and UTC offset. */
export function useStatsArgs() {
  const { calendar } = useHomeLabels()
  return useMemo(
    () => ({ calendar, today: todayIso(), tz: -new Date().getTimezoneOffset() }),
    [calendar],
  )
}

function Figure({
  label,
  value,
  onOpen,
  opens = 'homeFigureOpen',
}: {
  label: string
  value: number | null
  onOpen?: () => void
  /** The button's name for a screen reader: where pressing it leads. */
  opens?: 'homeFigureOpen' | 'homeFigureOpenHouseholds'
}) {
  const intl = useIntl()
  const shown =
    value === null ? (
      <span className="home-figure-unknown">{intl.formatMessage({ id: 'homeNotRecorded' })}</span>
    ) : (
      intl.formatNumber(value)
    )
  const body = (
    <>
      <span className="home-figure-value">{shown}</span>
      <span className="home-figure-label">{label}</span>
    </>
  )
  return onOpen ? (
    <button
      type="button"
      className="home-figure is-link"
      onClick={onOpen}
      aria-label={intl.formatMessage(
        { id: opens },
        {
          label,
          count:
            value === null
              ? intl.formatMessage({ id: 'homeNotRecorded' })
              : intl.formatNumber(value),
        },
      )}
    >
      {body}
    </button>
  ) : (
    <div className="home-figure">{body}</div>
  )
}

function UpcomingCard({ title, list }: { title: string; list: UpcomingList }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const { calendar, language } = useHomeLabels()
  return (
    <Card size="small" title={<h3 className="home-chart-title">{title}</h3>} className="home-week">
      {list.total === 0 ? (
        <Typography.Text type="secondary">
          <FormattedMessage id="homeNothingThisWeek" />
        </Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={list.items}
          renderItem={(item) => (
            <List.Item>
              <Typography.Link onClick={() => navigate(`/member/${item.id}`)}>
                {fullName(item)}
              </Typography.Link>
              <span className="home-week-date">
                {formatMemberDate(item.on, calendar, language)} ·{' '}
                {intl.formatMessage({ id: 'homeYears' }, { years: item.years })}
              </span>
            </List.Item>
          )}
          footer={
            list.total > list.items.length ? (
              <FormattedMessage
                id="homeMoreCount"
                values={{ count: list.total - list.items.length }}
              />
            ) : undefined
          }
        />
      )}
    </Card>
  )
}

function Figures({ stats }: { stats: MemberStats }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const labels = useHomeLabels()
  const t = (id: string) => intl.formatMessage({ id })
  const open = (status: StatusFilter) => navigate(memberListUrl({ status }))
  return (
    <>
      <div className="home-figures">
        <Figure label={t('homeTotalMembers')} value={stats.total} onOpen={() => open('all')} />
        <Figure label={t('homeNewThisMonth')} value={stats.new_this_month} />
        <Figure label={t('homeNewThisYear')} value={stats.new_this_year} />
        <Figure label={t('homeTransfersIn')} value={stats.transfers_in_this_month} />
        <Figure label={t('homeTransfersOut')} value={stats.transfers_out_this_month} />
        {stats.households && (
          <>
            <Figure
              label={t('homeHouseholds')}
              value={stats.households.total}
              onOpen={() => navigate('/households')}
              opens="homeFigureOpenHouseholds"
            />
            <Figure label={t('homeWithoutHousehold')} value={stats.households.members_without} />
          </>
        )}
        {stats.dues && <DuesFigures dues={stats.dues} />}
      </div>
      <h2 className="home-section-title">{t('homeByStatus')}</h2>
      <div className="home-figures is-compact">
        {stats.by_status.map(({ status, n }) => (
          <Figure
            key={status}
            label={labels.status(status)}
            value={n}
            onOpen={status ? () => open(status as StatusFilter) : undefined}
          />
        ))}
      </div>
    </>
  )
}

export default function HomeScreen() {
  const intl = useIntl()
  const navigate = useNavigate()
  const args = useStatsArgs()
  const { data, isLoading, isError, isFetching, refetch } = useMemberStatsQuery(args)

  let body
  if (isLoading) body = <Skeleton active paragraph={{ rows: 8 }} />
  else if (isError || !data)
    body = (
      <Alert
        type="error"
        showIcon
        title={intl.formatMessage({ id: 'homeLoadError' })}
        action={
          <Button
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => refetch()}
            loading={isFetching}
          >
            <FormattedMessage id="retry" />
          </Button>
        }
      />
    )
  else if (data.total === 0)
    body = (
      <Empty description={<FormattedMessage id="noMembersFound" />}>
        <Button type="primary" onClick={() => navigate('/registration')}>
          <FormattedMessage id="registration" />
        </Button>
      </Empty>
    )
  else
    body = (
      <>
        <Figures stats={data} />
        <h2 className="home-section-title">
          <FormattedMessage id="homeThisWeek" />
        </h2>
        <div className="home-week-grid">
          <UpcomingCard
            title={intl.formatMessage({ id: 'homeBirthdays' })}
            list={data.this_week.birthdays}
          />
          <UpcomingCard
            title={intl.formatMessage({ id: 'homeBaptisms' })}
            list={data.this_week.baptisms}
          />
          <UpcomingCard
            title={intl.formatMessage({ id: 'homeMemberships' })}
            list={data.this_week.memberships}
          />
        </div>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <HomeCharts
            stats={data}
            onStatus={(status) => navigate(memberListUrl({ status: status as StatusFilter }))}
          />
        </Suspense>
      </>
    )

  return (
    <ScreenSection
      id="home-title"
      className="home-screen"
      titleId="homeTitle"
      action={
        <Button icon={<PrinterOutlined />} onClick={() => navigate('/home/report')}>
          <FormattedMessage id="homePrintReport" />
        </Button>
      }
    >
      {body}
    </ScreenSection>
  )
}
