import { PlusOutlined } from '@ant-design/icons'
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Skeleton,
  Tag,
} from 'antd'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useAppSelector } from '../../app/hooks'
import { errorFields, translatedErrorId } from '../../app/api'
import {
  DUES_CATEGORIES,
  FUND_KINDS,
  FUND_PAYERS,
  duesMonth,
  formatMinor,
  minorDigits,
  parseMoney,
  todayIso,
  ethiopianYearOf,
  nameIn,
} from '../../domain'
import { AdminScreen } from '../../shared/AdminScreen'
import { LoadError } from '../../shared/RecordsView'
import { messageOptions } from '../../shared/messageOptions'
import { useIdempotencyKey } from '../../shared/clientKey'
import { useChurchQuery } from '../churchProfile'
import { type Language, selectLanguage } from '../preferences'
import {
  type Fund,
  useAddRateMutation,
  useCreateFundMutation,
  useFundsQuery,
  useUpdateFundMutation,
} from './duesApi'
import { duesMonthLabel } from './duesText'
import { ethiopianMonthName } from '../../domain'
import './dues.css'

const NAMES = [
  ['name_am', 'fundNameAm'],
  ['name_en', 'fundNameEn'],
  ['name_om', 'fundNameOm'],
] as const

type Names = { name_am: string; name_en: string; name_om: string }

/** A fund's names in three languages (create and rename share it). */
function NamesFields() {
  const intl = useIntl()
  return (
    <>
      {NAMES.map(([field, label]) => (
        <Form.Item key={field} name={field} label={intl.formatMessage({ id: label })}>
          <Input maxLength={200} />
        </Form.Item>
      ))}
    </>
  )
}

const hasName = (names: Partial<Names>) =>
  Boolean(names.name_am?.trim() || names.name_en?.trim() || names.name_om?.trim())

function FundDialog({
  fund,
  open,
  onClose,
}: {
  /** The fund renamed; none: a new fund. */
  fund?: Fund
  open: boolean
  onClose: () => void
}) {
  const intl = useIntl()
  const t = (id: string) => intl.formatMessage({ id })
  const [form] = Form.useForm<Names & { kind: Fund['kind']; payer: Fund['payer'] }>()
  const [create, creating] = useCreateFundMutation()
  const creation = useIdempotencyKey()
  const [update, updating] = useUpdateFundMutation()
  const [error, setError] = useState<string | undefined>(undefined)
  const kind = Form.useWatch('kind', form)

  const submit = async () => {
    const values = form.getFieldsValue(true) as Names & { kind: Fund['kind']; payer: Fund['payer'] }
    if (!hasName(values)) {
      setError(t('fundNameRequired'))
      return
    }
    const names = {
      name_am: (values.name_am ?? '').trim(),
      name_en: (values.name_en ?? '').trim(),
      name_om: (values.name_om ?? '').trim(),
    }
    try {
      if (fund) await update({ id: fund.id, ...names }).unwrap()
      else {
        const input = { kind: values.kind, payer: values.payer, ...names }
        await create({ input, idempotencyKey: creation.key }).unwrap()
        creation.settle()
      }
      onClose()
    } catch (failure) {
      // No answer: the retry keeps the key, so a fund that was made is not made again.
      if (!fund) creation.settle(failure)
      // The server's words are English: its field codes pick the message in the user's language.
      const codes = Object.values(errorFields(failure))
      if (codes.includes('invalidValue')) setError(t('fundNameOneLine'))
      else if (codes.includes('fieldRequired')) setError(t('fundNameRequired'))
      else setError(t(translatedErrorId(failure) ?? 'fundSaveFailed'))
    }
  }

  return (
    <Modal
      open={open}
      title={t(fund ? 'fundRename' : 'fundNew')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: creating.isLoading || updating.isLoading }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          fund
            ? { name_am: fund.name_am, name_en: fund.name_en, name_om: fund.name_om }
            : { kind: 'dues', payer: 'member', name_am: '', name_en: '', name_om: '' }
        }
        onFinish={() => void submit()}
      >
        {!fund && (
          <>
            <Form.Item name="kind" label={t('fundKind')}>
              <Select options={messageOptions(FUND_KINDS, 'fundKind', t)} />
            </Form.Item>
            {kind !== 'gift' && (
              <Form.Item name="payer" label={t('fundPayer')}>
                <Select options={messageOptions(FUND_PAYERS, 'fundPayer', t)} />
              </Form.Item>
            )}
          </>
        )}
        <NamesFields />
        {error && <Alert type="error" showIcon role="alert" message={error} />}
      </Form>
    </Modal>
  )
}

function RateDialog({
  fund,
  currency,
  language,
  onClose,
}: {
  fund: Fund | undefined
  currency: string
  language: Language
  onClose: () => void
}) {
  const intl = useIntl()
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values)
  const thisYear = ethiopianYearOf(todayIso()) ?? 2018
  const [year, setYear] = useState<number | null>(thisYear)
  const [month, setMonth] = useState(1)
  const [amountText, setAmountText] = useState('')
  const [category, setCategory] = useState('')
  const [errors, setErrors] = useState<{ amount?: string; year?: string; form?: string }>({})
  const [addRate, adding] = useAddRateMutation()
  const digits = minorDigits(currency)

  const submit = async () => {
    if (!fund) return
    const amount = parseMoney(amountText, digits)
    const found = {
      amount: amount === undefined ? t('paymentAmountInvalid', { digits }) : undefined,
      year: year === null || year < 1900 || year > 2200 ? t('fundRateYearInvalid') : undefined,
    }
    setErrors(found)
    if (found.amount || found.year || amount === undefined || year === null) return
    try {
      await addRate({ id: fund.id, amount, from_month: duesMonth(year, month), category }).unwrap()
      setAmountText('')
      onClose()
    } catch (failure) {
      setErrors({ form: t(translatedErrorId(failure) ?? 'fundSaveFailed') })
    }
  }

  return (
    <Modal
      open={fund !== undefined}
      title={fund && t('fundRateTitle', { fund: nameIn(fund, language) })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: adding.isLoading }}
      destroyOnHidden
    >
      <p>
        <FormattedMessage id="fundRateExplain" />
      </p>
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label={t('fundRateCategory')} htmlFor="rate-category">
          <Select
            id="rate-category"
            value={category}
            onChange={setCategory}
            options={[
              { value: '', label: t('duesCategory.standard') },
              ...messageOptions(DUES_CATEGORIES, 'duesCategory', t),
            ]}
          />
        </Form.Item>
        <div className="payment-form-row">
          <Form.Item label={t('fundRateFromMonth')} htmlFor="rate-month">
            <Select
              id="rate-month"
              value={month}
              onChange={setMonth}
              options={Array.from({ length: 12 }, (_, i) => ({
                value: i + 1,
                label: ethiopianMonthName(i + 1, language),
              }))}
            />
          </Form.Item>
          <Form.Item
            label={t('fundRateFromYear')}
            htmlFor="rate-year"
            validateStatus={errors.year ? 'error' : undefined}
            help={errors.year}
          >
            <InputNumber id="rate-year" value={year} onChange={setYear} precision={0} />
          </Form.Item>
        </div>
        <Form.Item
          label={t('fundRateAmount', { currency })}
          htmlFor="rate-amount"
          validateStatus={errors.amount ? 'error' : undefined}
          help={errors.amount}
        >
          <Input
            id="rate-amount"
            inputMode="decimal"
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
            suffix={currency}
          />
        </Form.Item>
        {errors.form && <Alert type="error" showIcon role="alert" message={errors.form} />}
      </Form>
    </Modal>
  )
}

/**
 * Office → Funds (issue 46, admins): monthly dues and gift funds, their names in three
 * languages, closing one, and a dues fund's monthly rates from an Ethiopian month on.
 */
export default function FundsScreen() {
  const intl = useIntl()
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values)
  const language = useAppSelector(selectLanguage)
  const funds = useFundsQuery()
  const church = useChurchQuery()
  const currency = church.data?.currency ?? 'ETB'
  const [editing, setEditing] = useState<Fund | 'new' | undefined>(undefined)
  const [rating, setRating] = useState<Fund | undefined>(undefined)
  const [update] = useUpdateFundMutation()

  let body
  if (funds.isLoading) body = <Skeleton active paragraph={{ rows: 4 }} />
  else if (funds.isError || !funds.data)
    body = <LoadError title={t('fundsLoadFailed')} onRetry={() => void funds.refetch()} />
  else if (funds.data.length === 0) body = <Empty description={t('fundsNone')} />
  else
    body = (
      <div className="funds-list">
        {funds.data.map((fund) => (
          <Card
            key={fund.id}
            size="small"
            className="fund-card"
            title={
              <span className="fund-title">
                {nameIn(fund, language) || t('paymentFundUnnamed', { id: fund.id })}{' '}
                <Tag>{t(`fundKind.${fund.kind}`)}</Tag>
                {fund.kind === 'dues' && <Tag>{t(`fundPayer.${fund.payer}`)}</Tag>}
                {!fund.active && <Tag color="default">{t('fundClosed')}</Tag>}
              </span>
            }
            actions={[
              <Button key="rename" type="link" onClick={() => setEditing(fund)}>
                <FormattedMessage id="fundRename" />
              </Button>,
              ...(fund.kind === 'dues' && fund.active
                ? [
                    <Button key="rate" type="link" onClick={() => setRating(fund)}>
                      <FormattedMessage id="fundRateNew" />
                    </Button>,
                  ]
                : []),
              <Button
                key="active"
                type="link"
                danger={fund.active}
                onClick={() => void update({ id: fund.id, active: !fund.active })}
              >
                <FormattedMessage id={fund.active ? 'fundClose' : 'fundReopen'} />
              </Button>,
            ]}
          >
            {fund.kind === 'dues' &&
              (fund.rates.length === 0 ? (
                <p className="fund-no-rate">
                  <FormattedMessage id="fundNoRate" />
                </p>
              ) : (
                <ul className="fund-rates" aria-label={t('fundRates')}>
                  {fund.rates.map((rate) => (
                    <li key={`${rate.category}-${rate.from_month}`}>
                      {t('fundRateLine', {
                        category: t(`duesCategory.${rate.category || 'standard'}`),
                        month: duesMonthLabel(rate.from_month, language),
                        amount: `${formatMinor(rate.amount, minorDigits(currency))} ${currency}`,
                      })}
                    </li>
                  ))}
                </ul>
              ))}
          </Card>
        ))}
      </div>
    )

  return (
    <AdminScreen
      id="funds-title"
      titleId="funds"
      className="funds-screen"
      action={
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setEditing('new')}
        >
          <FormattedMessage id="fundNew" />
        </Button>
      }
    >
      {body}
      {/* Mounted per opening: a new fund gets a new Idempotency-Key, while a retry within one
          opening keeps it (a key kept across openings would answer with the earlier fund). */}
      {editing !== undefined && (
        <FundDialog
          open
          fund={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      <RateDialog
        fund={rating}
        currency={currency}
        language={language}
        onClose={() => setRating(undefined)}
      />
    </AdminScreen>
  )
}
