import { Alert, Button, Checkbox, Form, Input, Modal, Radio, Select, Skeleton } from 'antd'
import { useMemo, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useAppSelector } from '../../app/hooks'
import { errorFields, errorStatus, translatedErrorId } from '../../app/api'
import {
  formatMinor,
  minorDigits,
  parseMoney,
  PAYMENT_METHODS,
  todayIso,
  nameIn,
} from '../../domain'
import { useChurchQuery } from '../churchProfile'
import { DualCalendarDateInput } from '../memberForm'
import { selectLanguage } from '../preferences'
import {
  type Fund,
  type Payment,
  useFundsQuery,
  useMemberDuesQuery,
  usePayerDuesYearsQuery,
  useRecordPaymentMutation,
} from './duesApi'
import { useHouseholdDuesQuery } from './householdDuesApi'
import { duesMonthLabel } from './duesText'
import { ledgerFromStrips, pickableMonths, previewAllocation, previewYears } from './paymentPreview'
import './dues.css'
import { messageOptions } from '../../shared/messageOptions'
import { LoadError } from '../../shared/RecordsView'
import { isRefusal, useIdempotencyKey } from '../../shared/clientKey'

/** The server's refusal codes this form explains in the user's words. */
const REFUSALS: Record<string, string> = {
  amountAboveMonths: 'paymentError.amountAboveMonths',
  amountBelowMonths: 'paymentError.amountBelowMonths',
  nothingOwed: 'paymentError.nothingOwed',
  monthNotOwed: 'paymentError.monthNotOwed',
  monthTooFarAhead: 'paymentError.monthTooFarAhead',
  fundClosed: 'paymentError.fundClosed',
  dateInFuture: 'paymentError.dateInFuture',
  dayClosed: 'paymentError.dayClosed',
  notAvailable: 'paymentError.notAvailable',
  fieldRequired: 'fieldRequired',
  invalidValue: 'invalidValue',
}

type Field = 'fund_id' | 'amount' | 'method' | 'received_on' | 'months' | 'reference'
type Errors = Partial<Record<Field, string>>

export interface PaymentFormProps {
  /** The member paying; absent on the household page, where the household pays. */
  memberId?: number
  /** The member's household: the payer when the fund is per household. */
  householdId?: number | null
  /** The fund chosen first (the household page's strip's). */
  fundId?: number
  open: boolean
  onClose: () => void
  onRecorded: (payment: Payment) => void
}

/**
 * Records a payment (issue 46): fund, amount typed in major units and kept in minor units,
 * method and reference, the day received on either calendar, and for monthly dues the months:
 * the oldest unpaid first, or months the clerk picks (months ahead too), with a preview.
 */
export function PaymentForm(props: PaymentFormProps) {
  const intl = useIntl()
  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      title={intl.formatMessage({ id: 'paymentFormTitle' })}
      footer={null}
      destroyOnHidden
      className="payment-form-modal"
    >
      {props.open && <PaymentFormBody {...props} />}
    </Modal>
  )
}

function PaymentFormBody({
  memberId,
  householdId,
  fundId: initialFundId,
  onClose,
  onRecorded,
}: PaymentFormProps) {
  const intl = useIntl()
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values)
  const language = useAppSelector(selectLanguage)
  const funds = useFundsQuery()
  // With no member the household pays: only per-household dues funds are offered.
  const householdPays = memberId === undefined
  const memberCurrent = useMemberDuesQuery({ memberId: memberId ?? 0 }, { skip: householdPays })
  const [fundId, setFundId] = useState<number | undefined>(undefined)
  const [amountText, setAmountText] = useState('')
  const [method, setMethod] = useState<string>('cash')
  const [reference, setReference] = useState('')
  const [receivedOn, setReceivedOn] = useState<string | null>(todayIso())
  const [mode, setMode] = useState<'oldest' | 'pick'>('oldest')
  const [picked, setPicked] = useState<string[]>([])
  const [errors, setErrors] = useState<Errors>({})
  const [failure, setFailure] = useState<string | undefined>(undefined)
  // Kept for this payer across the form's openings while an answer is lost: cancelling and
  // recording again then cannot make a second payment (the server answers the first).
  const { key, settle } = useIdempotencyKey(
    householdPays ? `payment-household-${householdId}` : `payment-member-${memberId}`,
  )
  const [record, recording] = useRecordPaymentMutation()

  const open = (funds.data ?? []).filter(
    (fund) =>
      fund.active && (!householdPays || (fund.kind === 'dues' && fund.payer === 'household')),
  )
  const firstFundId = householdPays ? initialFundId : memberCurrent.data?.fund_id
  const fund: Fund | undefined =
    open.find((f) => f.id === fundId) ?? open.find((f) => f.id === firstFundId) ?? open[0]
  const perHousehold = fund?.payer === 'household'
  const householdCurrent = useHouseholdDuesQuery(
    { householdId: householdId ?? 0, fundId: fund?.id },
    { skip: !householdPays || !fund || householdId == null },
  )
  const current = householdPays ? householdCurrent : memberCurrent
  const payer = perHousehold ? { householdId: householdId ?? undefined } : { memberId }
  // Without a dues fund (gifts only) the member has no strip to name it: the church's currency.
  const church = useChurchQuery()
  // Until one is read the amount's digits are unknown (5000 is 50.00 birr but 5000 yen).
  const knownCurrency = current.data?.currency ?? church.data?.currency
  const currency = knownCurrency ?? 'ETB'
  const digits = minorDigits(currency)
  const amount = parseMoney(amountText, digits)

  const years = current.data
    ? previewYears(current.data.start_month, current.data.current_month)
    : []
  const strips = usePayerDuesYearsQuery(
    { ...payer, fundId: fund?.id ?? 0, years },
    {
      skip:
        !fund ||
        fund.kind !== 'dues' ||
        years.length === 0 ||
        (perHousehold && householdId == null),
    },
  )
  const currentMonth = current.data?.current_month ?? ''
  const ledger = useMemo(
    () => (strips.data ? ledgerFromStrips(strips.data) : undefined),
    [strips.data],
  )
  const pickable = useMemo(
    () => (ledger && currentMonth ? pickableMonths(ledger, currentMonth) : []),
    [ledger, currentMonth],
  )
  const preview =
    ledger && amount !== undefined && amount > 0 && fund?.kind === 'dues'
      ? previewAllocation(ledger, amount, currentMonth, mode === 'pick' ? picked : undefined)
      : undefined

  const money = (minor: number) => `${formatMinor(minor, digits)} ${currency}`

  const validate = (): Errors => {
    const found: Errors = {}
    if (!fund) found.fund_id = t('fieldRequired')
    else if (perHousehold && householdId == null) found.fund_id = t('paymentError.noHousehold')
    if (!amountText.trim()) found.amount = t('fieldRequired')
    else if (amount === undefined || amount <= 0)
      found.amount = t('paymentAmountInvalid', { digits })
    if (!receivedOn) found.received_on = t('fieldRequired')
    if (fund?.kind === 'dues' && mode === 'pick' && picked.length === 0)
      found.months = t('paymentPickMonths')
    return found
  }

  const submit = async () => {
    setFailure(undefined)
    const found = validate()
    setErrors(found)
    if (Object.keys(found).length > 0 || !fund || amount === undefined || !receivedOn) return
    try {
      const payment = await record({
        idempotencyKey: key,
        input: {
          fund_id: fund.id,
          ...(perHousehold ? { household_id: householdId! } : { member_id: memberId }),
          amount,
          method,
          ...(reference.trim() ? { reference: reference.trim() } : {}),
          received_on: receivedOn,
          ...(fund.kind === 'dues' && mode === 'pick' ? { months: picked } : {}),
        },
      }).unwrap()
      settle()
      onRecorded(payment)
    } catch (error) {
      settle(error)
      const status = errorStatus(error)
      const fields = errorFields(error)
      if (fields['Idempotency-Key'] === 'keyUsedForOtherPayment') {
        // An earlier, unanswered try was recorded before the form changed: the list shows it.
        setFailure(t('paymentError.keyUsedForOtherPayment'))
        return
      }
      const fieldErrors: Errors = {}
      for (const [field, code] of Object.entries(fields)) {
        const target = (
          field === 'household_id' || field === 'member_id' ? 'fund_id' : field
        ) as Field
        fieldErrors[target] = REFUSALS[code] ? t(REFUSALS[code]) : t('invalidValue')
      }
      setErrors(fieldErrors)
      if (isRefusal(error)) {
        // The server's words are English: its status picks the message in the user's language.
        if (Object.keys(fieldErrors).length === 0)
          setFailure(
            t(
              status === 403
                ? 'paymentForbidden'
                : status === 404
                  ? 'memberOrHouseholdNotFound'
                  : (translatedErrorId(error) ?? 'paymentFailed'),
            ),
          )
      } else {
        // No answer in time: the request may have reached the server, so the clerk is told so.
        const id =
          translatedErrorId(error) ??
          (status === 'TIMEOUT_ERROR' ? 'paymentNoAnswer' : 'paymentFailedRetry')
        setFailure(t(id))
      }
    }
  }

  if (funds.isLoading || current.isLoading || (!knownCurrency && church.isLoading))
    return <Skeleton active paragraph={{ rows: 6 }} />
  if (!knownCurrency && church.isError)
    return <LoadError titleId="churchLoadFailed" onRetry={() => void church.refetch()} />
  if (open.length === 0)
    return <Alert type="info" showIcon message={<FormattedMessage id="paymentNoFunds" />} />

  const status = (field: Field) => (errors[field] ? ('error' as const) : undefined)
  return (
    <Form
      layout="vertical"
      className="payment-form"
      onFinish={() => void submit()}
      aria-label={t('paymentFormTitle')}
      noValidate
    >
      <Form.Item
        label={t('paymentFund')}
        htmlFor="payment-fund"
        required
        validateStatus={status('fund_id')}
        help={errors.fund_id}
      >
        <Select
          id="payment-fund"
          value={fund?.id}
          onChange={(value: number) => {
            setFundId(value)
            setPicked([])
          }}
          options={open.map((f) => ({
            value: f.id,
            label: nameIn(f, language) || t('paymentFundUnnamed', { id: f.id }),
          }))}
        />
      </Form.Item>
      {perHousehold && !householdPays && (
        <Alert
          type="info"
          className="payment-household-note"
          message={
            <FormattedMessage
              id={householdId == null ? 'paymentError.noHousehold' : 'paymentByHousehold'}
            />
          }
        />
      )}
      <Form.Item
        label={t('paymentAmount', { currency })}
        htmlFor="payment-amount"
        required
        validateStatus={status('amount')}
        help={errors.amount ?? (amount !== undefined && amount > 0 ? money(amount) : undefined)}
      >
        <Input
          id="payment-amount"
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
          suffix={currency}
          placeholder={digits > 0 ? `0.${'0'.repeat(digits)}` : '0'}
        />
      </Form.Item>
      <div className="payment-form-row">
        <Form.Item label={t('paymentMethod')} htmlFor="payment-method" required>
          <Select
            id="payment-method"
            value={method}
            onChange={setMethod}
            options={messageOptions(PAYMENT_METHODS, 'paymentMethod', t)}
          />
        </Form.Item>
        <Form.Item
          label={t('paymentReference')}
          htmlFor="payment-reference"
          validateStatus={status('reference')}
          help={errors.reference}
        >
          <Input
            id="payment-reference"
            maxLength={100}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
          />
        </Form.Item>
      </div>
      <DualCalendarDateInput
        id="payment-received-on"
        label={t('paymentReceivedOn')}
        required
        value={receivedOn}
        onChange={setReceivedOn}
        error={errors.received_on}
      />
      {fund?.kind === 'dues' && (
        <fieldset className="payment-months">
          <legend>{t('paymentMonths')}</legend>
          <Radio.Group
            value={mode}
            onChange={(event) => setMode(event.target.value as 'oldest' | 'pick')}
            options={[
              { value: 'oldest', label: t('paymentMonthsOldest') },
              { value: 'pick', label: t('paymentMonthsPick') },
            ]}
          />
          {mode === 'pick' && (
            <div className="payment-pick">
              {strips.isFetching && !ledger ? (
                <Skeleton active paragraph={{ rows: 2 }} title={false} />
              ) : pickable.length === 0 ? (
                <p>
                  <FormattedMessage id="paymentNoMonthsOwed" />
                </p>
              ) : (
                <Checkbox.Group
                  value={picked}
                  onChange={(values) => setPicked(values as string[])}
                  aria-label={t('paymentMonthsPick')}
                  options={pickable.map((month) => ({
                    value: month,
                    label: duesMonthLabel(month, language),
                  }))}
                />
              )}
              {errors.months && (
                <div className="ant-form-item-explain-error" role="alert">
                  {errors.months}
                </div>
              )}
            </div>
          )}
          <PreviewList preview={preview} language={language} money={money} />
        </fieldset>
      )}
      {failure && (
        <Alert type="error" showIcon role="alert" message={failure} className="payment-failure" />
      )}
      <div className="payment-actions">
        <Button onClick={onClose}>
          <FormattedMessage id="cancel" />
        </Button>
        <Button type="primary" htmlType="submit" loading={recording.isLoading}>
          <FormattedMessage id="paymentRecord" />
        </Button>
      </div>
    </Form>
  )
}

function PreviewList({
  preview,
  language,
  money,
}: {
  preview: ReturnType<typeof previewAllocation> | undefined
  language: Parameters<typeof duesMonthLabel>[1]
  money: (minor: number) => string
}) {
  if (!preview) return null
  if (!preview.ok) {
    const id = REFUSALS[preview.error] ?? 'invalidValue'
    return (
      <p className="payment-preview payment-preview-refused" aria-live="polite">
        <FormattedMessage id={id} />
      </p>
    )
  }
  return (
    <div className="payment-preview" aria-live="polite">
      <p className="payment-preview-title">
        <FormattedMessage id="paymentPreview" />
      </p>
      <ul>
        {preview.allocations.map((line) => (
          <li key={line.month}>
            <span>{duesMonthLabel(line.month, language)}</span> <span>{money(line.amount)}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
