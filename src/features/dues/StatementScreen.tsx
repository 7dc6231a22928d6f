import {
  ArrowLeftOutlined,
  DownloadOutlined,
  LeftOutlined,
  PrinterOutlined,
  RightOutlined,
} from '@ant-design/icons'
import { Alert, Button, Result, Skeleton } from 'antd'
import { useIntl } from 'react-intl'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { useAppSelector } from '../../app/hooks'
import {
  formatDate,
  formatMinor,
  type HouseholdStatementAnswer,
  joinList,
  minorDigits,
  moneyText,
  STATEMENT_PAYMENT_COLUMNS,
  type StatementAnswer,
  todayIso,
  nameIn,
} from '../../domain'
import { LoadError } from '../../shared/RecordsView'
import { useDownload } from '../../shared/useDownload'
import { type ChurchProfile, useChurchQuery } from '../churchProfile'
import {
  type CalendarPreference,
  type Language,
  selectCalendar,
  selectLanguage,
} from '../preferences'
import { ChurchHead } from './ChurchHead'
import { duesMonthGregorianSpan, duesMonthIn, duesMonthLabel } from './duesText'
import { type StatementArgs, statementPath, useStatementQuery } from './statementApi'
import './paper.css'
import './receipt.css'
import './statement.css'
import { errorStatus } from '../../app/api'

type Answer = StatementAnswer | HouseholdStatementAnswer
type Translate = (id: string, values?: Record<string, string | number>) => string

const sum = <K extends string>(items: readonly Record<K, number>[], key: K) =>
  items.reduce((n, item) => n + item[key], 0)

/** A dues fund's twelve months: due, paid and state, their totals, and today's standing. */
function MonthsTable({
  fund,
  currency,
  language,
  calendar,
  t,
}: {
  fund: Answer['funds'][number]
  currency: string
  language: Language
  calendar: CalendarPreference
  t: Translate
}) {
  const figure = (minor: number) => formatMinor(minor, minorDigits(currency))
  const name = nameIn(fund, language)
  return (
    <section className="statement-section" aria-label={name}>
      <h3 className="statement-heading">{name}</h3>
      <table className="statement-table statement-months">
        <thead>
          <tr>
            <th scope="col">{t('duesStatementMonth')}</th>
            <th scope="col" className="statement-figure">
              {t('duesStatementDue')}
            </th>
            <th scope="col" className="statement-figure">
              {t('duesStatementPaid')}
            </th>
            <th scope="col">{t('duesStatementState')}</th>
          </tr>
        </thead>
        <tbody>
          {fund.months.map((line) => (
            <tr key={line.month} className={`statement-state-${line.state}`}>
              <th scope="row">
                {duesMonthLabel(line.month, language)}
                {calendar === 'gregorian' && (
                  <span className="statement-span">
                    {duesMonthGregorianSpan(line.month, language)}
                  </span>
                )}
              </th>
              <td className="statement-figure">{line.due ? figure(line.due) : '—'}</td>
              <td className="statement-figure">{line.paid ? figure(line.paid) : '—'}</td>
              <td>{t(`duesState.${line.state}`)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('duesReportTotal')}</th>
            <td className="statement-figure">{figure(sum(fund.months, 'due'))}</td>
            <td className="statement-figure">{figure(sum(fund.months, 'paid'))}</td>
            <td>{currency}</td>
          </tr>
        </tfoot>
      </table>
      {fund.arrears && (
        <dl className="statement-standing">
          <dt>{t('duesStatementAsOfToday')}</dt>
          <dd>
            {fund.arrears.months === 0
              ? t('duesNoArrears')
              : t('duesArrears', {
                  months: fund.arrears.months,
                  amount: moneyText(fund.arrears.amount, currency),
                })}
          </dd>
          <dd>
            <strong>{t(fund.good_standing ? 'duesGoodStanding' : 'duesNotGoodStanding')}</strong>
          </dd>
        </dl>
      )}
    </section>
  )
}

/** The year's payments with their receipt numbers; on a phone each row stacks its cells. */
/** A table's last row: what the statement's payments add up to. */
function PaymentsTotalRow({
  data,
  label,
  colSpan,
}: {
  data: Answer
  label: string
  colSpan?: number
}) {
  return (
    <tr>
      <th scope="row" colSpan={colSpan}>
        {label}
      </th>
      <td className="statement-figure">{moneyText(sum(data.payments, 'amount'), data.currency)}</td>
    </tr>
  )
}

function PaymentsTable({
  data,
  language,
  calendar,
  t,
}: {
  data: Answer
  language: Language
  calendar: CalendarPreference
  t: Translate
}) {
  const figure = (minor: number) => formatMinor(minor, minorDigits(data.currency))
  const fund = (id: number) => data.funds.find((f) => f.fund_id === id)
  const heads = STATEMENT_PAYMENT_COLUMNS.map((id) => t(id))
  return (
    <section className="statement-section" aria-labelledby="statement-payments">
      <h3 className="statement-heading" id="statement-payments">
        {t('paymentsTitle')}
      </h3>
      {data.payments.length === 0 ? (
        <p>{t('duesStatementNoPayments')}</p>
      ) : (
        <table className="statement-table statement-payments">
          <thead>
            <tr>
              {heads.map((head, i) => (
                <th scope="col" key={head} className={i === 5 ? 'statement-figure' : undefined}>
                  {head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.payments.map((p) => {
              const f = fund(p.fund_id)
              const cells = [
                p.receipt_number,
                formatDate(p.received_on, calendar, language),
                f ? nameIn(f, language) : '',
                t(`paymentMethod.${p.method}`),
                joinList(
                  p.months.map((m) => duesMonthIn(m, language, calendar)),
                  language,
                ),
                figure(p.amount),
              ]
              return (
                <tr key={p.id}>
                  {cells.map((cell, i) => (
                    <td
                      key={heads[i]}
                      data-label={heads[i]}
                      className={
                        i === 5 ? 'statement-figure' : i === 0 ? 'statement-receipt' : undefined
                      }
                    >
                      {cell || '—'}
                    </td>
                  ))}
                </tr>
              )
            })}
          </tbody>
          <tfoot>
            <PaymentsTotalRow data={data} label={t('duesReportTotal')} colSpan={5} />
          </tfoot>
        </table>
      )}
    </section>
  )
}

/** The statement's paper: church head, payer, months, payments and totals by fund. */
function Statement({
  data,
  church,
  language,
  calendar,
}: {
  data: Answer
  church: ChurchProfile | undefined
  language: Language
  calendar: CalendarPreference
}) {
  const intl = useIntl()
  const t: Translate = (id, values) => intl.formatMessage({ id }, values)
  const today = todayIso()
  const payer =
    'member_id' in data
      ? [
          [t('duesReportMember'), `${data.first_name} ${data.last_name}`.trim()],
          [t('duesReportMemberNumber'), String(data.member_id)],
        ]
      : [[t('household'), data.name]]
  const dues = data.funds.filter((f) => f.months.length > 0)
  return (
    <article className="print-paper statement" aria-labelledby="statement-title">
      <ChurchHead church={church} language={language} />
      <h2 id="statement-title" className="statement-title">
        {t('duesReportStatement')} · {t('duesYear', { year: data.year })}
      </h2>
      <dl className="statement-payer">
        {payer.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="statement-printed">
        {t('reportPrintedOn', {
          gregorian: formatDate(today, 'gregorian', language),
          ethiopian: formatDate(today, 'ethiopian', language),
        })}
      </p>
      {data.funds.length === 0 && data.payments.length === 0 ? (
        <p>{t('duesStatementNothing')}</p>
      ) : (
        <>
          {dues.map((fund) => (
            <MonthsTable
              key={fund.fund_id}
              fund={fund}
              currency={data.currency}
              language={language}
              calendar={calendar}
              t={t}
            />
          ))}
          <PaymentsTable data={data} language={language} calendar={calendar} t={t} />
          <section className="statement-section" aria-labelledby="statement-totals">
            <h3 className="statement-heading" id="statement-totals">
              {t('duesStatementTotals')}
            </h3>
            <table className="statement-table statement-totals">
              <tbody>
                {data.funds.map((fund) => (
                  <tr key={fund.fund_id}>
                    <th scope="row">{nameIn(fund, language)}</th>
                    <td className="statement-figure">{moneyText(fund.paid, data.currency)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <PaymentsTotalRow data={data} label={t('duesReportTotal')} />
              </tfoot>
            </table>
          </section>
        </>
      )}
    </article>
  )
}

/**
 * A member's or household's yearly statement (issue 46): on screen, printed with the church
 * profile's name and logo, or as .xlsx, in the reader's language and calendar. The year is in
 * the address (`?year=`), so the Dues tab opens the year it shows.
 */
export default function StatementScreen({ payer }: { payer: StatementArgs['payer'] }) {
  const intl = useIntl()
  const t: Translate = (id, values) => intl.formatMessage({ id }, values)
  const navigate = useNavigate()
  const language = useAppSelector(selectLanguage)
  const calendar = useAppSelector(selectCalendar)
  const id = Number(useParams().id)
  const [params, setParams] = useSearchParams()
  const asked = Number(params.get('year'))
  const valid = Number.isSafeInteger(id) && id > 0
  const args: StatementArgs = { payer, id, year: asked > 0 ? asked : undefined }
  const statement = useStatementQuery(args, { skip: !valid })
  const church = useChurchQuery()
  const download = useDownload()
  const data = statement.currentData
  const status = errorStatus(statement.error)
  const shown = data?.year ?? args.year
  const setYear = (year: number) => setParams({ year: String(year) }, { replace: true })
  const fileName = `statement-${payer}-${id}-${shown ?? ''}`

  let body
  if (!valid || status === 404)
    body = <Result status="warning" title={t('duesStatementNotFound')} />
  else if (statement.isError)
    body = (
      <LoadError title={t('duesStatementLoadFailed')} onRetry={() => void statement.refetch()} />
    )
  else if (!data || church.isLoading) body = <Skeleton active paragraph={{ rows: 10 }} />
  else body = <Statement data={data} church={church.data} language={language} calendar={calendar} />

  return (
    <div className="statement-page print-page" aria-busy={statement.isFetching}>
      <div className="statement-controls print-controls">
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(-1)}>
          {t('back')}
        </Button>
        {shown !== undefined && (
          <div className="statement-year">
            <Button
              icon={<LeftOutlined aria-hidden />}
              aria-label={t('duesPreviousYear')}
              onClick={() => setYear(shown - 1)}
            />
            <span>{t('duesYear', { year: shown })}</span>
            <Button
              icon={<RightOutlined aria-hidden />}
              aria-label={t('duesNextYear')}
              onClick={() => setYear(shown + 1)}
            />
          </div>
        )}
        <Button
          icon={<PrinterOutlined aria-hidden />}
          disabled={!data}
          onClick={() => window.print()}
        >
          {t('reportPrint')}
        </Button>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          disabled={!data}
          loading={download.busy === fileName}
          onClick={() =>
            void download.start(
              fileName,
              `${statementPath({ payer, id, year: shown })}&format=xlsx&lang=${language}&calendar=${calendar}`,
              `${fileName}.xlsx`,
            )
          }
        >
          {t('duesReportDownload')}
        </Button>
        {download.error && <Alert type="error" showIcon title={t(download.error)} />}
      </div>
      {body}
    </div>
  )
}
