import { FileTextOutlined, LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons'
import { App, Button, Empty, Select, Skeleton, Tag } from 'antd'
import { type ReactNode, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useNavigate } from 'react-router'
import { useAppSelector } from '../../app/hooks'
import {
  DUES_CATEGORIES,
  ETHIOPIAN_MONTHS_GEEZ,
  ETHIOPIAN_MONTHS_LATIN,
  ETHIOPIAN_MONTHS_OROMO,
  formatMinor,
  type MemberDuesAnswer,
  minorDigits,
  type MonthLine,
} from '../../domain'
import { LoadError } from '../../shared/RecordsView'
import { useCanWrite, useRole } from '../auth'
import { type Language, selectLanguage } from '../preferences'
import { useMemberDuesQuery, useSetMemberDuesMutation } from './duesApi'
import { DuesStartMonth } from './DuesStartMonth'
import { READABLE_TAG } from './duesText'
import { PaymentForm } from './PaymentForm'
import { PaymentsList } from './PaymentsList'
import { WaiveDialog } from './WaiveDialog'
import './dues.css'
import { errorStatus } from '../../app/api'

const MONTH_NAMES: Record<Language, readonly string[]> = {
  am: ETHIOPIAN_MONTHS_GEEZ,
  en: ETHIOPIAN_MONTHS_LATIN,
  om: ETHIOPIAN_MONTHS_OROMO,
}

/** An amount in minor units with its currency: "1,200.00 ETB". */
export function Money({ amount, currency }: { amount: number; currency: string }) {
  return (
    <span className="dues-money">
      {formatMinor(amount, minorDigits(currency))} {currency}
    </span>
  )
}

function MonthCell({
  line,
  currency,
  language,
  current,
}: {
  line: MonthLine
  currency: string
  language: Language
  current: boolean
}) {
  const intl = useIntl()
  const name = MONTH_NAMES[language][Number(line.month.slice(5)) - 1]
  const state = intl.formatMessage({ id: `duesState.${line.state}` })
  return (
    <li
      className={`dues-month dues-month-${line.state}${current ? ' dues-month-current' : ''}`}
      aria-current={current ? 'date' : undefined}
    >
      <span className="dues-month-name">{name}</span>
      <span className="dues-month-state">{state}</span>
      {line.due > 0 && line.state !== 'paid' && line.paid > 0 && (
        <span className="dues-month-amount">
          <FormattedMessage
            id="duesPaidOfDue"
            values={{
              paid: formatMinor(line.paid, minorDigits(currency)),
              due: formatMinor(line.due, minorDigits(currency)),
            }}
          />
        </span>
      )}
    </li>
  )
}

/** Opens the payment form for this payer. */
function NewPaymentButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onClick}>
      <FormattedMessage id="paymentNew" />
    </Button>
  )
}

/**
 * Beside a payer's standing, the same on a member's and a household's dues: the yearly statement
 * of the year shown (screen, print and .xlsx), Waive for an admin, Record a payment for a writer.
 */
export function StripActions({
  statement,
  onWaive,
  onPay,
}: {
  statement: string
  onWaive?: () => void
  onPay?: () => void
}) {
  return (
    <>
      <Link to={statement} className="dues-statement-link">
        <FileTextOutlined aria-hidden /> <FormattedMessage id="duesReportStatement" />
      </Link>
      {onWaive && (
        <Button onClick={onWaive}>
          <FormattedMessage id="duesWaive" />
        </Button>
      )}
      {onPay && <NewPaymentButton onClick={onPay} />}
    </>
  )
}

/**
 * A payer's year of dues: the twelve months with their states, arrears and good standing, the
 * year a button away either side; `actions` sit beside the standing (record, waive).
 */
export function DuesStrip({
  data,
  language,
  onYear,
  actions,
}: {
  data: Pick<
    MemberDuesAnswer,
    'year' | 'months' | 'currency' | 'current_month' | 'arrears' | 'good_standing'
  >
  language: Language
  onYear: (year: number) => void
  actions?: ReactNode
}) {
  const intl = useIntl()
  const shown = data.year
  return (
    <>
      <div className="dues-head">
        <div className="dues-year">
          <Button
            icon={<LeftOutlined aria-hidden />}
            aria-label={intl.formatMessage({ id: 'duesPreviousYear' })}
            onClick={() => onYear(shown - 1)}
          />
          <h3 className="dues-year-title">
            <FormattedMessage id="duesYear" values={{ year: shown }} />
          </h3>
          <Button
            icon={<RightOutlined aria-hidden />}
            aria-label={intl.formatMessage({ id: 'duesNextYear' })}
            onClick={() => onYear(shown + 1)}
          />
        </div>
        <Tag
          style={READABLE_TAG}
          color={data.good_standing ? 'success' : 'warning'}
          className="dues-standing"
        >
          <FormattedMessage id={data.good_standing ? 'duesGoodStanding' : 'duesNotGoodStanding'} />
        </Tag>
        <div className="dues-actions">{actions}</div>
      </div>
      <ol
        className="dues-strip"
        aria-label={intl.formatMessage({ id: 'duesMonthsOf' }, { year: shown })}
      >
        {data.months.map((line) => (
          <MonthCell
            key={line.month}
            line={line}
            currency={data.currency}
            language={language}
            current={line.month === data.current_month}
          />
        ))}
      </ol>
      <p className="dues-arrears">
        {data.arrears.months === 0 ? (
          <FormattedMessage id="duesNoArrears" />
        ) : (
          <FormattedMessage
            id="duesArrears"
            values={{
              months: data.arrears.months,
              amount: `${formatMinor(data.arrears.amount, minorDigits(data.currency))} ${data.currency}`,
            }}
          />
        )}
      </p>
    </>
  )
}

/**
 * The member profile's Dues tab: the twelve months of an Ethiopian year (paid, partly paid,
 * unpaid, waived, ahead), the months and amount in arrears, and good standing by the church's
 * rule. Earlier and later years are a button away.
 */
export function MemberDues({
  memberId,
  householdId,
}: {
  memberId: number
  householdId?: number | null
}) {
  const intl = useIntl()
  const navigate = useNavigate()
  const language = useAppSelector(selectLanguage)
  const canPay = useCanWrite()
  const admin = useRole() === 'admin'
  const [year, setYear] = useState<number | undefined>(undefined)
  const [paying, setPaying] = useState(false)
  const [waiving, setWaiving] = useState(false)
  const dues = useMemberDuesQuery({ memberId, year })
  const [setMemberDues, settingDues] = useSetMemberDuesMutation()
  const { message } = App.useApp()

  const payments = (
    <>
      <PaymentsList memberId={memberId} />
      {canPay && (
        <PaymentForm
          memberId={memberId}
          householdId={householdId}
          open={paying}
          onClose={() => setPaying(false)}
          onRecorded={(payment) => {
            setPaying(false)
            void navigate(`/payments/${payment.id}/receipt`)
          }}
        />
      )}
    </>
  )

  if (dues.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />
  // A failed refetch keeps the strip it had (and the payments list, with any open dialog).
  if (dues.isError && !dues.currentData) {
    if (errorStatus(dues.error) !== 404) {
      return <LoadError titleId="duesLoadFailed" onRetry={() => void dues.refetch()} />
    }
    // No monthly dues: gifts (a tithe, a building fund) are still recorded and listed.
    return (
      <section className="member-dues">
        <Empty description={<FormattedMessage id="duesNoFund" />}>
          {canPay && <NewPaymentButton onClick={() => setPaying(true)} />}
        </Empty>
        {payments}
      </section>
    )
  }
  const data = dues.data
  if (!data) return null
  return (
    <section className="member-dues" aria-busy={dues.isFetching}>
      <DuesStrip
        data={data}
        language={language}
        onYear={setYear}
        actions={
          <StripActions
            statement={`/member/statement/${memberId}?year=${data.year}`}
            onWaive={admin ? () => setWaiving(true) : undefined}
            onPay={canPay ? () => setPaying(true) : undefined}
          />
        }
      />
      {admin && (
        <div className="dues-category">
          <label htmlFor="dues-category">
            <FormattedMessage id="duesCategory" />
          </label>
          <Select
            id="dues-category"
            value={data.category}
            loading={settingDues.isLoading}
            onChange={(category: string) =>
              void setMemberDues({ memberId, category })
                .unwrap()
                .catch(
                  () => void message.error(intl.formatMessage({ id: 'duesCategorySaveFailed' })),
                )
            }
            options={['', ...DUES_CATEGORIES].map((category) => ({
              value: category,
              label: intl.formatMessage({ id: `duesCategory.${category || 'standard'}` }),
            }))}
          />
        </div>
      )}
      {admin && (
        <DuesStartMonth
          key={data.start_month}
          memberId={memberId}
          startMonth={data.start_month}
          startMonthSet={data.start_month_set}
          language={language}
        />
      )}
      {payments}
      {admin && (
        <WaiveDialog
          open={waiving}
          onClose={() => setWaiving(false)}
          payer={{ member_id: memberId }}
          fundId={data.fund_id}
          months={data.months}
          language={language}
        />
      )}
    </section>
  )
}
