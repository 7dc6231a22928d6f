// The dues reports (issue 46): collections by fund and Ethiopian month, arrears, and the
// good-standing list (the voters' roll); each on screen, printed, or downloaded as .xlsx in the
// user's language and calendar.
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons'
import {
  Alert,
  Button,
  Empty,
  Flex,
  InputNumber,
  Select,
  Skeleton,
  Table,
  type TableProps,
  Tabs,
} from 'antd'
import { type ReactNode, type TdHTMLAttributes, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useAppSelector } from '../../app/hooks'
import {
  ARREARS_SORTS,
  formatMinor,
  FUND_PAYERS,
  lineId,
  lineName,
  minorDigits,
  moneyText,
  monthOfDay,
  todayIso,
} from '../../domain'
import { AdminScreen } from '../../shared/AdminScreen'
import { LoadError } from '../../shared/RecordsView'
import { useDownload } from '../../shared/useDownload'
import { useIsMobile } from '../../shared/useMediaQuery'
import { messageOptions } from '../../shared/messageOptions'
import { selectCalendar } from '../preferences'
import {
  type ArrearsSort,
  type Collections,
  type ReportLine,
  type ReportPayer,
  useArrearsInfiniteQuery,
  useCollectionsQuery,
  useGoodStandingInfiniteQuery,
  useReportFundsQuery,
} from './duesReportsApi'
import { fundText, monthText, useReportText } from './reportText'
import './duesReports.css'

const currentYear = () => Number((monthOfDay(todayIso()) ?? '2018-01').slice(0, 4))

function Toolbar({ file, name }: { file: string; name: string }) {
  const { t, language } = useReportText()
  const calendar = useAppSelector(selectCalendar)
  const download = useDownload()
  const separator = file.includes('?') ? '&' : '?'
  const url = `${file}${separator}format=xlsx&lang=${language}&calendar=${calendar}`
  return (
    <Flex gap={8} wrap className="no-print">
      <Button icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
        {t('reportPrint')}
      </Button>
      <Button
        icon={<DownloadOutlined aria-hidden />}
        loading={download.busy === name}
        onClick={() => void download.start(name, url, `${name}.xlsx`)}
      >
        {t('duesReportDownload')}
      </Button>
      {download.error && <Alert type="error" showIcon title={t(download.error)} />}
    </Flex>
  )
}

/** A report's filter: its words over its control, which `id` names to a screen reader. */
function Filter({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <label className="dues-filter">
      <span id={id}>{label}</span>
      {children}
    </label>
  )
}

/** A whole number filter (a year, a number of months) within `range`, both ends included. */
function NumberFilter({
  id,
  label,
  range: [min, max],
  value,
  onChange,
}: {
  id: string
  label: string
  range: readonly [number, number]
  value: number
  onChange: (value: number) => void
}) {
  return (
    <Filter id={id} label={label}>
      <InputNumber<number>
        aria-labelledby={id}
        min={min}
        max={max}
        value={value}
        onChange={(next) => next && onChange(next)}
      />
    </Filter>
  )
}

/** A report's lines, all on one page (paper has no pager), with the report's empty note. */
function ReportTable<T extends object>({
  empty,
  ...table
}: Omit<TableProps<T>, 'size' | 'pagination' | 'locale'> & { empty: string }) {
  return (
    <Table<T>
      size="small"
      pagination={false}
      locale={{ emptyText: <Empty description={empty} /> }}
      {...table}
    />
  )
}

/** A report's frame: its filters and toolbar, then its heading, which names the section. */
function ReportSection({
  id,
  filters,
  download,
  title,
  children,
}: {
  id: string
  filters: ReactNode
  download: { file: string; name: string }
  title: ReactNode
  children: ReactNode
}) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <Flex justify="space-between" align="end" wrap gap={8} className="dues-report-filters">
        {filters}
        <Toolbar file={download.file} name={download.name} />
      </Flex>
      <h3 id={`${id}-title`} className="dues-report-heading">
        {title}
      </h3>
      {children}
    </section>
  )
}

function CollectionsReport() {
  const { t, language } = useReportText()
  const [year, setYear] = useState(currentYear)
  const report = useCollectionsQuery(year)
  const narrow = useIsMobile()
  const data = report.data
  type Row =
    | Collections['funds'][number]
    | { fund_id: 0; months: Collections['months']; total: Collections['total'] }
  const columns = [
    {
      title: t('duesReportFund'),
      key: 'fund',
      fixed: 'left' as const,
      // On a phone the fund's name wraps, leaving room for the months between it and the total.
      width: narrow ? 112 : undefined,
      render: (_: unknown, row: Row) =>
        row.fund_id === 0 ? (
          <strong>{t('duesReportTotal')}</strong>
        ) : (
          fundText(row as Collections['funds'][number], language)
        ),
    },
    ...(data?.months ?? []).map((month, index) => ({
      title: monthText(month.month, language),
      key: month.month,
      align: 'right' as const,
      render: (_: unknown, row: Row) =>
        // Figures only (the currency is in the total), in the currency's own decimals.
        row.months[index].amount
          ? formatMinor(row.months[index].amount, minorDigits(data?.currency ?? ''))
          : '—',
    })),
    {
      title: t('duesReportTotal'),
      key: 'total',
      align: 'right' as const,
      // The year's total stays in sight while the twelve months scroll beneath it.
      fixed: 'right' as const,
      render: (_: unknown, row: Row) => (
        <strong>{moneyText(row.total.amount, data?.currency ?? '')}</strong>
      ),
    },
  ]
  const rows: Row[] = data
    ? [...data.funds, { fund_id: 0, months: data.months, total: data.total }]
    : []
  return (
    <ReportSection
      id="collections"
      filters={
        <NumberFilter
          id="collections-year"
          label={t('duesReportYear')}
          range={[1900, 2200]}
          value={year}
          onChange={setYear}
        />
      }
      download={{ file: `api/reports/collections?year=${year}`, name: `collections-${year}` }}
      title={`${t('duesReportCollections')} · ${t('duesYear', { year })}`}
    >
      {report.isError ? (
        <LoadError title={t('duesReportLoadFailed')} onRetry={() => void report.refetch()} />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <ReportTable<Row>
          rowKey="fund_id"
          columns={columns}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          empty={t('duesReportNothing')}
        />
      )}
    </ReportSection>
  )
}

function payerColumns(
  t: ReturnType<typeof useReportText>['t'],
  month: ReturnType<typeof useReportText>['month'],
  currency: string,
  withArrears: boolean,
  payer: ReportPayer,
  narrow: boolean,
) {
  // A phone stacks each line (duesReports.css), with room for the phone and the owner.
  const from = (breakpoint: 'md' | 'lg') => (narrow ? {} : { responsive: [breakpoint] })
  const columns = [
    {
      title: t(payer === 'household' ? 'duesReportHousehold' : 'duesReportMember'),
      key: 'name',
      render: (_: unknown, line: ReportLine) => (
        <Link
          to={'member_id' in line ? `/member/${line.member_id}` : `/households/${lineId(line)}`}
        >
          {lineName(line)}
        </Link>
      ),
    },
    {
      title: t('duesReportPhone'),
      key: 'phone',
      ...from('md'),
      render: (_: unknown, l: ReportLine) => l.phone ?? '',
    },
    {
      title: t('duesReportOwner'),
      key: 'owner',
      ...from('lg'),
      render: (_: unknown, l: ReportLine) => l.owner_username ?? '',
    },
    ...(withArrears
      ? [
          {
            title: t('duesReportMonthsOwed'),
            key: 'months',
            align: 'right' as const,
            render: (_: unknown, l: ReportLine) => l.months,
          },
          {
            title: t('duesReportAmountOwed'),
            key: 'amount',
            align: 'right' as const,
            render: (_: unknown, l: ReportLine) => moneyText(l.amount, currency),
          },
          {
            title: t('duesReportOldestMonth'),
            key: 'oldest',
            render: (_: unknown, l: ReportLine) => (l.oldest_month ? month(l.oldest_month) : ''),
          },
        ]
      : []),
  ]
  // Each cell names its column, the label of its line when the row is stacked.
  return columns.map((column) => ({
    ...column,
    onCell: () => ({ 'data-label': column.title }) as TdHTMLAttributes<HTMLTableCellElement>,
  }))
}

/**
 * Members or households: shown when an active dues fund is paid per household, whose report
 * lists households (the first fund paid that way).
 */
function PayerChoice({
  value,
  onChange,
}: {
  value: ReportPayer
  onChange: (payer: ReportPayer) => void
}) {
  const { t } = useReportText()
  const funds = useReportFundsQuery()
  const households = (funds.data ?? []).some(
    (f) => f.kind === 'dues' && f.payer === 'household' && f.active,
  )
  if (!households) return null
  return (
    <Filter id="report-payer" label={t('duesReportPayer')}>
      <Select<ReportPayer>
        aria-labelledby="report-payer"
        value={value}
        onChange={onChange}
        style={{ minWidth: 160 }}
        options={messageOptions(FUND_PAYERS, 'duesReportPayer', t)}
      />
    </Filter>
  )
}

function ArrearsReport() {
  const { t, month } = useReportText()
  const [minMonths, setMinMonths] = useState(1)
  const [sort, setSort] = useState<ArrearsSort>('months_desc')
  const [payer, setPayer] = useState<ReportPayer>('member')
  const report = useArrearsInfiniteQuery({ minMonths, sort, payer })
  // Lines are households when the report is for a per-household fund: so are its words.
  const households = payer === 'household'
  const pages = report.data?.pages ?? []
  const first = pages[0]
  return (
    <ReportSection
      id="arrears"
      filters={
        <Flex gap={12} wrap>
          <PayerChoice value={payer} onChange={setPayer} />
          <NumberFilter
            id="arrears-min"
            label={t('duesReportMinMonths')}
            range={[1, 1200]}
            value={minMonths}
            onChange={setMinMonths}
          />
          <Filter id="arrears-sort" label={t('duesReportSort')}>
            <Select<ArrearsSort>
              aria-labelledby="arrears-sort"
              value={sort}
              onChange={setSort}
              style={{ minWidth: 200 }}
              options={messageOptions(ARREARS_SORTS, 'duesReportSort', t)}
            />
          </Filter>
        </Flex>
      }
      download={{
        file: `api/reports/arrears?owner=all&payer=${payer}&min_months=${minMonths}&sort=${sort}`,
        name: 'arrears',
      }}
      title={
        <>
          {t('duesReportArrears')}
          {first && ` · ${month(first.current_month)}`}
        </>
      }
    >
      {first && (
        <p className="dues-report-summary">
          {t(households ? 'duesReportArrearsSummaryHouseholds' : 'duesReportArrearsSummary', {
            count: first.count,
            amount: moneyText(first.amount, first.currency),
          })}
        </p>
      )}
      <PayerLines
        report={report}
        currency={first?.currency}
        owing
        payer={payer}
        empty={households ? 'duesReportNoArrearsHouseholds' : 'duesReportNoArrears'}
      />
    </ReportSection>
  )
}

/** The arrears' or the voters' roll's lines, page by page, with its loading and error states. */
function PayerLines({
  report,
  currency,
  owing,
  payer,
  empty,
}: {
  report: {
    isError: boolean
    refetch: () => unknown
    data?: { pages: { items: ReportLine[] }[] }
    hasNextPage: boolean
    isFetchingNextPage: boolean
    fetchNextPage: () => unknown
  }
  currency: string | undefined
  owing: boolean
  payer: ReportPayer
  empty: string
}) {
  const { t, month } = useReportText()
  const narrow = useIsMobile()
  const lines = report.data?.pages.flatMap((page) => page.items) ?? []
  if (report.isError) {
    return <LoadError title={t('duesReportLoadFailed')} onRetry={() => void report.refetch()} />
  }
  if (currency === undefined) return <Skeleton active />
  return (
    <>
      <ReportTable<ReportLine>
        rowKey={lineId}
        className="dues-report-lines"
        columns={payerColumns(t, month, currency, owing, payer, narrow)}
        dataSource={lines}
        scroll={narrow ? undefined : { x: 'max-content' }}
        empty={t(empty)}
      />
      {report.hasNextPage && (
        <Flex justify="center" className="no-print dues-more">
          <Button loading={report.isFetchingNextPage} onClick={() => void report.fetchNextPage()}>
            {t('duesReportMore')}
          </Button>
        </Flex>
      )}
    </>
  )
}

function GoodStandingReport() {
  const { t, month } = useReportText()
  const [payer, setPayer] = useState<ReportPayer>('member')
  const report = useGoodStandingInfiniteQuery(payer)
  const households = payer === 'household'
  const pages = report.data?.pages ?? []
  const first = pages[0]
  return (
    <ReportSection
      id="standing"
      filters={<PayerChoice value={payer} onChange={setPayer} />}
      download={{
        file: `api/reports/good-standing?owner=all&payer=${payer}`,
        name: 'good-standing',
      }}
      title={
        <>
          {t(households ? 'duesReportGoodStandingHouseholds' : 'duesReportGoodStanding')}
          {first && ` · ${month(first.current_month)}`}
        </>
      }
    >
      {first && (
        <p className="dues-report-summary">
          {t(households ? 'duesReportCountHouseholds' : 'duesReportCount', { count: first.count })}{' '}
          · {t(`duesReportRule.${first.rule.kind}`, { months: first.rule.months })}
        </p>
      )}
      <PayerLines
        report={report}
        currency={first?.currency}
        owing={false}
        payer={payer}
        empty={households ? 'duesReportNobodyHouseholds' : 'duesReportNobody'}
      />
    </ReportSection>
  )
}

export default function DuesReportsScreen() {
  const { t } = useReportText()
  // The tab is in the address: the dashboard links to the arrears, and Back returns to a tab.
  const [params, setParams] = useSearchParams()
  const tab = params.get('tab') ?? 'collections'
  const setTab = (key: string) => setParams({ tab: key }, { replace: true })
  return (
    <AdminScreen id="dues-reports-title" className="dues-reports-screen" titleId="duesReportsTitle">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          {
            key: 'collections',
            label: t('duesReportCollections'),
            children: <CollectionsReport />,
          },
          { key: 'arrears', label: t('duesReportArrears'), children: <ArrearsReport /> },
          { key: 'standing', label: t('duesReportGoodStanding'), children: <GoodStandingReport /> },
        ]}
      />
    </AdminScreen>
  )
}
