import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons'
import { Button, Result, Segmented, Skeleton } from 'antd'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate, useParams } from 'react-router'
import { useAppSelector } from '../../app/hooks'
import { amountInWords, formatDate, formatMinor, minorDigits, nameIn } from '../../domain'
import { LoadError } from '../../shared/RecordsView'
import { qrPath } from '../idcard'
import {
  type CalendarPreference,
  type Language,
  selectCalendar,
  selectLanguage,
} from '../preferences'
import { type ChurchProfile, useChurchQuery } from '../churchProfile'
import { type Fund, type Payment, useFundsQuery, usePaymentQuery } from './duesApi'
import { ChurchHead } from './ChurchHead'
import { duesMonthIn } from './duesText'
import './paper.css'
import './receipt.css'
import { errorStatus } from '../../app/api'

export type ReceiptFormat = 'a5' | 'roll80'

/** The QR code as an SVG: a square of modules with its quiet zone. */
function QrCode({ text, label }: { text: string; label: string }) {
  const { d, size } = qrPath(text)
  const edge = size + 8
  return (
    <svg
      className="receipt-qr"
      viewBox={`-4 -4 ${edge} ${edge}`}
      role="img"
      aria-label={label}
      data-verify-url={text}
      shapeRendering="crispEdges"
    >
      <rect x={-4} y={-4} width={edge} height={edge} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  )
}

/** The receipt's paper: everything the issue asks for, in the clerk's language. */
export function Receipt({
  payment,
  church,
  fund,
  language,
  calendar,
  format,
  origin,
}: {
  payment: Payment
  church: ChurchProfile | undefined
  fund: Fund | undefined
  language: Language
  /** How the months covered are written: Ethiopian names, or their Gregorian days. */
  calendar: CalendarPreference
  format: ReceiptFormat
  origin: string
}) {
  const intl = useIntl()
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values)
  const digits = minorDigits(payment.currency)
  const money = (minor: number) => `${formatMinor(minor, digits)} ${payment.currency}`
  const verifyUrl = `${origin}${payment.verify_path}`
  const rows: [string, React.ReactNode][] = [
    [t('receiptPayerName'), payment.payer_name ?? '—'],
    [t('paymentFund'), fund ? nameIn(fund, language) : '—'],
  ]
  if (payment.allocations.length > 0)
    rows.push([
      t('paymentMonths'),
      <ul className="receipt-months" key="months">
        {payment.allocations.map((line) => (
          <li key={line.month}>
            <span>{duesMonthIn(line.month, language, calendar)}</span>{' '}
            <span className="receipt-figure">{money(line.amount)}</span>
          </li>
        ))}
      </ul>,
    ])
  rows.push(
    [
      t('receiptAmount'),
      <strong key="amount" className="receipt-figure">
        {money(payment.amount)}
      </strong>,
    ],
    [t('receiptAmountInWords'), amountInWords(payment.amount, payment.currency, language)],
    [
      t('paymentMethod'),
      payment.reference
        ? t('receiptMethodWithReference', {
            method: t(`paymentMethod.${payment.method}`),
            reference: payment.reference,
          })
        : t(`paymentMethod.${payment.method}`),
    ],
    [
      t('receiptDate'),
      <span key="date">
        {formatDate(payment.received_on, 'ethiopian', language)}
        <br />
        {formatDate(payment.received_on, 'gregorian', language)}
      </span>,
    ],
    [t('receiptReceivedBy'), payment.received_by],
  )
  return (
    <article
      className={`print-paper receipt receipt-${format}${payment.status === 'void' ? ' receipt-is-void' : ''}`}
      aria-label={t('receiptTitle')}
    >
      <ChurchHead church={church} language={language} />
      <h3 className="receipt-title">
        <FormattedMessage id="receiptTitle" />
        <span className="receipt-number">{payment.receipt_number}</span>
      </h3>
      {payment.status === 'void' && (
        <p className="receipt-void-mark" role="status">
          <FormattedMessage id="receiptVoidMark" />
        </p>
      )}
      <dl className="receipt-lines">
        {rows.map(([label, value]) => (
          <div className="receipt-line" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <footer className="receipt-foot">
        <div className="receipt-signature">
          <div className="receipt-signature-line" />
          <div>{church?.signatory_name || payment.received_by}</div>
          {church?.signatory_title && <div>{church.signatory_title}</div>}
        </div>
        <figure className="receipt-check">
          <QrCode text={verifyUrl} label={t('receiptQrLabel')} />
          <figcaption>
            <FormattedMessage id="receiptQrCaption" />
          </figcaption>
        </figure>
      </footer>
    </article>
  )
}

/**
 * A payment's receipt (issue 46), printed on A5 or an 80 mm receipt printer: print CSS picks
 * the named page for the chosen paper. Reprints come here from the payments list.
 */
export default function ReceiptScreen() {
  const intl = useIntl()
  const navigate = useNavigate()
  const language = useAppSelector(selectLanguage)
  const calendar = useAppSelector(selectCalendar)
  const id = Number(useParams().id)
  const valid = Number.isSafeInteger(id) && id > 0
  const payment = usePaymentQuery(id, { skip: !valid })
  const church = useChurchQuery()
  const funds = useFundsQuery()
  const [format, setFormat] = useState<ReceiptFormat>('a5')
  const status = errorStatus(payment.error)

  let body
  if (!valid || status === 404)
    body = <Result status="warning" title={<FormattedMessage id="receiptNotFound" />} />
  else if (payment.isLoading || church.isLoading) body = <Skeleton active paragraph={{ rows: 8 }} />
  else if (payment.isError || !payment.data)
    body = <LoadError titleId="receiptLoadFailed" onRetry={() => void payment.refetch()} />
  else
    body = (
      <Receipt
        payment={payment.data}
        church={church.data}
        fund={funds.data?.find((f) => f.id === payment.data!.fund_id)}
        language={language}
        calendar={calendar}
        format={format}
        // The office may run at localhost or a LAN address members' phones cannot open.
        origin={church.data?.public_url || window.location.origin}
      />
    )

  return (
    <div className={`receipt-page print-page receipt-page-${format}`}>
      <div className="receipt-controls print-controls">
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(-1)}>
          <FormattedMessage id="back" />
        </Button>
        <Segmented
          aria-label={intl.formatMessage({ id: 'receiptPaper' })}
          value={format}
          onChange={(value) => setFormat(value as ReceiptFormat)}
          options={[
            { value: 'a5', label: intl.formatMessage({ id: 'receiptPaperA5' }) },
            { value: 'roll80', label: intl.formatMessage({ id: 'receiptPaper80' }) },
          ]}
        />
        <Button
          type="primary"
          icon={<PrinterOutlined aria-hidden />}
          disabled={!payment.data}
          onClick={() => window.print()}
        >
          <FormattedMessage id="receiptPrint" />
        </Button>
      </div>
      {body}
    </div>
  )
}
