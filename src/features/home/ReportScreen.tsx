// The printable report (issue 29): the figures and a member list filtered as the list screen
// allows, on A4 with the date in both calendars. The browser prints it; no PDF library.
import { PrinterOutlined } from '@ant-design/icons'
import { Alert, Button, Input, Select, Skeleton, Space } from 'antd'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useLocation } from 'react-router'
import { FILTER_STATUSES, fullName, nameIn, type StatusFilter, todayIso } from '../../domain'
import { BrandMark } from '../../shared/BrandMark'
import { useChurchLogo, useChurchQuery } from '../churchProfile'
import { LogoPicker } from '../idcard'
import { formatMemberDate } from '../memberForm'
import { useRole } from '../auth'
import {
  type MemberStats,
  REPORT_MEMBER_LIMIT,
  useHistoryHeadQuery,
  useMemberStatsQuery,
  useReportMembersQuery,
} from './homeApi'
import { useHomeLabels } from './homeLabels'
import { useStatsArgs } from './HomeScreen'
import './home.css'
import './report.css'
import { useClearButton } from '../../shared/useClearButton'
import { useTextParts } from '../../shared/useTextParts'

/** A count per key of the figures (status, gender, …) as a figure table's rows, labelled. */
const countRows = <K extends string>(
  counts: readonly (Record<K, string> & { n: number })[],
  field: K,
  label: (key: string) => string,
) => counts.map((count) => ({ key: count[field], label: label(count[field]), n: count.n }))

function FigureTable({
  caption,
  rows,
}: {
  caption: string
  rows: { key: string; label: string; n: number | null }[]
}) {
  const intl = useIntl()
  return (
    <table className="report-table">
      <caption>{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td>{row.n === null ? '—' : intl.formatNumber(row.n)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function ReportFigures({ stats }: { stats: MemberStats }) {
  const intl = useIntl()
  const labels = useHomeLabels()
  const t = (id: string) => intl.formatMessage({ id })
  return (
    <div className="report-figures">
      <FigureTable
        caption={t('homeTitle')}
        rows={[
          { key: 'total', label: t('homeTotalMembers'), n: stats.total },
          { key: 'month', label: t('homeNewThisMonth'), n: stats.new_this_month },
          { key: 'year', label: t('homeNewThisYear'), n: stats.new_this_year },
          { key: 'in', label: t('homeTransfersIn'), n: stats.transfers_in_this_month },
          { key: 'out', label: t('homeTransfersOut'), n: stats.transfers_out_this_month },
        ]}
      />
      <FigureTable
        caption={t('homeByStatus')}
        rows={countRows(stats.by_status, 'status', labels.status)}
      />
      <FigureTable
        caption={t('homeGender')}
        rows={countRows(stats.gender, 'gender', labels.gender)}
      />
      <FigureTable
        caption={t('homeAgeBands')}
        rows={countRows(stats.age_bands, 'band', labels.band)}
      />
      <FigureTable
        caption={t('homeRegistrations')}
        rows={stats.registrations_by_month.map((m) => ({
          key: `${m.year}-${m.month}`,
          label: labels.month(m, stats.calendar),
          n: m.n,
        }))}
      />
      {stats.ministries.length > 0 && (
        <FigureTable
          caption={t('homeMinistries')}
          rows={countRows(stats.ministries, 'ministry', labels.ministry)}
        />
      )}
    </div>
  )
}

function ReportMembers({ q, status }: { q: string; status: StatusFilter }) {
  const intl = useIntl()
  const labels = useHomeLabels()
  const { data, isLoading, isError } = useReportMembersQuery({ q, status })
  if (isLoading) return <Skeleton active />
  if (isError || !data)
    return <Alert type="error" showIcon title={intl.formatMessage({ id: 'homeLoadError' })} />
  return (
    <>
      {data.total > data.items.length && (
        <p className="report-note">
          <FormattedMessage
            id="reportTruncated"
            values={{ shown: data.items.length, total: data.total }}
          />
        </p>
      )}
      <table className="report-table report-members">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{intl.formatMessage({ id: 'columnName' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'phonePrimary' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'membershipStatus' })}</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((member, i) => (
            <tr key={member.id}>
              <td>{i + 1}</td>
              <td>{fullName(member)}</td>
              <td>{member.phone_primary ?? ''}</td>
              <td>{labels.status(member.membership_status ?? '')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}

/**
 * The history's head (count:hash) at the foot of the printed report, for admins and auditors:
 * kept on paper, `npm run audit -- verify --since` later shows the history was not rewritten.
 */
function HistoryHead() {
  const head = useHistoryHeadQuery()
  if (!head.data) return null
  return (
    <p className="report-note report-history-head">
      <FormattedMessage id="historyHead" />: <code>{`${head.data.count}:${head.data.hash}`}</code>
    </p>
  )
}

export default function ReportScreen() {
  const clear = useClearButton()
  const intl = useIntl()
  const text = useTextParts()
  const location = useLocation()
  const labels = useHomeLabels()
  const params = new URLSearchParams(location.search)
  const initialStatus = params.get('status') as StatusFilter | null
  const [status, setStatus] = useState<StatusFilter>(
    initialStatus && FILTER_STATUSES.includes(initialStatus) ? initialStatus : 'all',
  )
  const [search, setSearch] = useState(params.get('q') ?? '')
  const [q, setQ] = useState(search)
  const role = useRole()
  const args = useStatsArgs()
  const stats = useMemberStatsQuery(args)
  const today = todayIso()
  // The church profile's name and logo, as on the ID cards; admins may change the logo here too.
  const church = useChurchQuery()
  const churchName = church.data ? nameIn(church.data, labels.language) : ''
  const [logo, setLogo] = useChurchLogo()
  const filter = [
    status !== 'all' ? labels.status(status) : '',
    q.trim() ? text.quoted(q.trim()) : '',
  ]
    .filter(Boolean)
    .join(' · ')

  return (
    <article className="report" aria-labelledby="report-title">
      <Space wrap className="report-controls">
        <Select<StatusFilter>
          value={status}
          style={{ minWidth: 180 }}
          aria-label={intl.formatMessage({ id: 'statusFilterLabel' })}
          options={FILTER_STATUSES.map((key) => ({
            value: key,
            label: key === 'all' ? intl.formatMessage({ id: 'allStatuses' }) : labels.status(key),
          }))}
          onChange={setStatus}
        />
        <Input.Search
          value={search}
          allowClear={clear.input}
          aria-label={intl.formatMessage({ id: 'searchMembersPlaceholder' })}
          placeholder={intl.formatMessage({ id: 'searchMembersPlaceholder' })}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) => setQ(value)}
          style={{ width: 260 }}
        />
        {setLogo && <LogoPicker logo={logo} onChange={setLogo} />}
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          <FormattedMessage id="reportPrint" />
        </Button>
      </Space>

      <header className="report-header">
        {logo ? (
          <img
            className="report-logo"
            src={logo}
            alt={intl.formatMessage({ id: 'reportChurchLogo' })}
            width={64}
            height={64}
          />
        ) : (
          <BrandMark size={48} />
        )}
        <div>
          {churchName && <p className="report-church">{churchName}</p>}
          <h1 id="report-title" className="report-title">
            <FormattedMessage id="appTitle" /> · <FormattedMessage id="reportTitle" />
          </h1>
          <p className="report-date">
            <FormattedMessage
              id="reportPrintedOn"
              values={{
                gregorian: formatMemberDate(today, 'gregorian', labels.language),
                ethiopian: formatMemberDate(today, 'ethiopian', labels.language),
              }}
            />
          </p>
        </div>
      </header>

      {stats.isLoading ? (
        <Skeleton active />
      ) : stats.data ? (
        <ReportFigures stats={stats.data} />
      ) : (
        <Alert type="error" showIcon title={intl.formatMessage({ id: 'homeLoadError' })} />
      )}

      <h2 className="report-section">
        <FormattedMessage id="reportMemberList" />
      </h2>
      <p className="report-note">
        <FormattedMessage
          id="reportFilter"
          values={{ filter: filter || intl.formatMessage({ id: 'reportAllMembers' }) }}
        />
        {` (≤ ${intl.formatNumber(REPORT_MEMBER_LIMIT)})`}
      </p>
      <ReportMembers q={q} status={status} />
      {(role === 'admin' || role === 'auditor') && <HistoryHead />}
    </article>
  )
}
