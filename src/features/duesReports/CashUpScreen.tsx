// The day's cash-up (issue 46): each account's payments of a day with totals per method and
// fund; the clerk (or an admin) closes the day, after which its payments are locked.
import { LockOutlined, PrinterOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Empty, Flex, Form, Popconfirm, Skeleton, Table, Tag } from 'antd'
import { useState } from 'react'
import { useAppSelector } from '../../app/hooks'
import { moneyText, todayIso } from '../../domain'
import { AdminScreen } from '../../shared/AdminScreen'
import { LoadError } from '../../shared/RecordsView'
import { selectCurrentUser } from '../auth'
import { DualCalendarDateInput, formatMemberDate } from '../memberForm'
import { selectCalendar } from '../preferences'
import {
  type CashUpClerk,
  type CashUpPayment,
  type ReportFund,
  useCashUpQuery,
  useCloseDayMutation,
  useReportFundsQuery,
} from './duesReportsApi'
import { fundText, useReportText } from './reportText'
import './duesReports.css'
import { errorFields, errorStatus } from '../../app/api'

function Totals({
  clerk,
  currency,
  funds,
}: {
  clerk: CashUpClerk
  currency: string
  funds: ReportFund[]
}) {
  const { t, language, method } = useReportText()
  const lines = [
    ...clerk.by_method.map((line) => ({
      key: `m-${line.method}`,
      label: method(line.method),
      ...line,
    })),
    ...clerk.by_fund.map((line) => ({
      key: `f-${line.fund_id}`,
      label: fundText(
        funds.find((f) => f.id === line.fund_id),
        language,
      ),
      ...line,
    })),
  ]
  return (
    <dl className="dues-totals">
      <div className="dues-totals-main">
        <dt>{t('duesReportTotal')}</dt>
        <dd>
          {moneyText(clerk.total.amount, currency)}{' '}
          <span className="dues-muted">
            {t('cashUpPaymentCount', { count: clerk.total.count })}
          </span>
        </dd>
      </div>
      {lines.map((line) => (
        <div key={line.key}>
          <dt>{line.label}</dt>
          <dd>
            {moneyText(line.amount, currency)}{' '}
            <span className="dues-muted">{t('cashUpPaymentCount', { count: line.count })}</span>
          </dd>
        </div>
      ))}
    </dl>
  )
}

function ClerkCard({
  clerk,
  day,
  currency,
  funds,
  mayClose,
  onClosed,
}: {
  clerk: CashUpClerk
  day: string
  currency: string
  funds: ReportFund[]
  mayClose: boolean
  onClosed: () => void
}) {
  const { t, language, method } = useReportText()
  const calendar = useAppSelector(selectCalendar)
  const [closeDay, closing] = useCloseDayMutation()
  const [failed, setFailed] = useState(false)
  const [changed, setChanged] = useState(false)
  const close = async () => {
    setFailed(false)
    setChanged(false)
    try {
      await closeDay({ day, userId: clerk.user_id, shown: clerk.total }).unwrap()
      onClosed()
    } catch (error) {
      if (errorFields(error).day === 'changedSinceShown') {
        // Not closed: the new totals are read for the clerk to check before closing again.
        setChanged(true)
        onClosed()
      } else if (errorStatus(error) === 409) {
        // A day closed already: most likely this press's own earlier close whose answer was
        // lost. The day is as wanted, so show it as it is.
        onClosed()
      } else setFailed(true)
    }
  }
  const columns = [
    {
      title: t('receiptNumber'),
      key: 'receipt',
      // The number never breaks at its hyphen; its heading may wrap.
      render: (_: unknown, p: CashUpPayment) => (
        <span className="dues-nowrap">{p.receipt_number}</span>
      ),
    },
    {
      // A household's payment is listed here too: the payer, not only a member.
      title: t('cashUpPayer'),
      key: 'payer',
      render: (_: unknown, p: CashUpPayment) => p.payer_name ?? '—',
    },
    {
      title: t('duesReportFund'),
      key: 'fund',
      responsive: ['md' as const],
      render: (_: unknown, p: CashUpPayment) =>
        fundText(
          funds.find((f) => f.id === p.fund_id),
          language,
        ),
    },
    {
      title: t('duesReportMethod'),
      key: 'method',
      responsive: ['sm' as const],
      render: (_: unknown, p: CashUpPayment) =>
        p.reference ? `${method(p.method)} · ${p.reference}` : method(p.method),
    },
    {
      title: t('receiptAmount'),
      key: 'amount',
      align: 'right' as const,
      render: (_: unknown, p: CashUpPayment) =>
        p.status === 'void' ? (
          <span className="dues-void">
            <s>{moneyText(p.amount, currency)}</s> <Tag>{t('cashUpVoid')}</Tag>
          </span>
        ) : (
          moneyText(p.amount, currency)
        ),
    },
  ]
  const title = (
    <Flex align="center" gap={8} wrap>
      <span>{clerk.username}</span>
      {clerk.closed ? (
        <Tag icon={<LockOutlined aria-hidden />} color="green">
          {t('cashUpClosedBy', { name: clerk.closed.by })}
        </Tag>
      ) : (
        <Tag color="gold">{t('cashUpOpen')}</Tag>
      )}
    </Flex>
  )
  const action =
    !clerk.closed && mayClose ? (
      <Popconfirm
        title={t('cashUpCloseConfirmTitle')}
        description={t('cashUpCloseConfirm', {
          amount: moneyText(clerk.total.amount, currency),
          date: formatMemberDate(day, calendar, language),
        })}
        okText={t('cashUpClose')}
        cancelText={t('cancel')}
        onConfirm={close}
      >
        <Button
          type="primary"
          icon={<LockOutlined aria-hidden />}
          loading={closing.isLoading}
          className="no-print"
        >
          {t('cashUpClose')}
        </Button>
      </Popconfirm>
    ) : undefined
  return (
    <Card title={title} extra={action} className="cash-up-card" size="small">
      {failed && (
        <Alert type="error" showIcon title={t('cashUpCloseFailed')} className="dues-alert" />
      )}
      {changed && !clerk.closed && (
        <Alert
          type="warning"
          showIcon
          title={t('cashUpChangedBeforeClose')}
          className="dues-alert"
        />
      )}
      {clerk.closed && clerk.closed.total !== clerk.total.amount && (
        <Alert
          type="warning"
          showIcon
          className="dues-alert"
          title={t('cashUpChangedSinceClosing', {
            amount: moneyText(clerk.closed.total, currency),
          })}
        />
      )}
      <Totals clerk={clerk} currency={currency} funds={funds} />
      <Table<CashUpPayment>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={clerk.payments}
        pagination={false}
        locale={{ emptyText: t('cashUpNoPayments') }}
        rowClassName={(p) => (p.status === 'void' ? 'is-void' : '')}
      />
    </Card>
  )
}

export default function CashUpScreen() {
  const { t } = useReportText()
  const me = useAppSelector(selectCurrentUser)
  const [day, setDay] = useState(todayIso())
  const cashUp = useCashUpQuery(day)
  const funds = useReportFundsQuery()
  const mine = (clerk: CashUpClerk) => clerk.user_id === me?.id
  const mayClose = (clerk: CashUpClerk) =>
    me?.role === 'admin' ? true : me?.role === 'clerk' && mine(clerk)
  const data = cashUp.data
  let body
  if (cashUp.isError)
    body = <LoadError title={t('cashUpLoadFailed')} onRetry={() => void cashUp.refetch()} />
  else if (!data) body = <Skeleton active />
  else if (data.clerks.length === 0) body = <Empty description={t('cashUpNoPayments')} />
  else
    body = (
      <Flex vertical gap={16}>
        {data.clerks.map((clerk) => (
          <ClerkCard
            key={clerk.user_id}
            clerk={clerk}
            day={data.day}
            currency={data.currency}
            funds={funds.data ?? []}
            mayClose={mayClose(clerk)}
            onClosed={() => void cashUp.refetch()}
          />
        ))}
      </Flex>
    )
  return (
    <AdminScreen
      id="cash-up-title"
      className="cash-up-screen"
      titleId="cashUpTitle"
      action={
        <Button
          icon={<PrinterOutlined aria-hidden />}
          onClick={() => window.print()}
          className="no-print"
        >
          {t('reportPrint')}
        </Button>
      }
    >
      <div className="dues-report-filters no-print">
        {/* The label above the field: beside it, the calendar switch overflows a phone. */}
        <Form layout="vertical" component={false}>
          <DualCalendarDateInput
            id="cash-up-day"
            label={t('cashUpDay')}
            value={day}
            onChange={(value) => value && setDay(value)}
          />
        </Form>
      </div>
      <p className="dues-report-explain">{t('cashUpExplain')}</p>
      <div aria-busy={cashUp.isFetching}>{body}</div>
    </AdminScreen>
  )
}
