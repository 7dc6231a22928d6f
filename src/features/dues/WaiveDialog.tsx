import { Checkbox, Form, Modal } from 'antd'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { errorFields, errorStatus, translatedErrorId } from '../../app/api'
import type { MonthLine } from '../../domain'
import type { Language } from '../preferences'
import { useWaiveMonthsMutation } from './duesApi'
import { duesMonthLabel } from './duesText'
import { ReasonField } from './ReasonField'

/**
 * Admins forgive months of the shown year (a council's decision), with the reason: a member's
 * months, or a household's of a fund paid per household.
 */
export function WaiveDialog({
  open,
  onClose,
  payer,
  fundId,
  months,
  language,
}: {
  open: boolean
  onClose: () => void
  payer: { member_id: number } | { household_id: number }
  fundId: number
  months: readonly MonthLine[]
  language: Language
}) {
  const intl = useIntl()
  const t = (id: string) => intl.formatMessage({ id })
  const [picked, setPicked] = useState<string[]>([])
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<{ months?: string; reason?: string; form?: string }>({})
  const [waive, waiving] = useWaiveMonthsMutation()
  const owing = months.filter((line) => line.due > line.paid && line.state !== 'waived')

  const submit = async () => {
    const found = {
      months: picked.length === 0 ? t('paymentPickMonths') : undefined,
      reason: reason.trim() ? undefined : t('fieldRequired'),
    }
    setErrors(found)
    if (found.months || found.reason) return
    try {
      await waive({
        fund_id: fundId,
        ...payer,
        months: picked,
        reason: reason.trim(),
      }).unwrap()
      setPicked([])
      setReason('')
      onClose()
    } catch (failure) {
      // The server's words are English: its field codes and status pick the user's language.
      const fields = errorFields(failure)
      let id = translatedErrorId(failure) ?? 'duesWaiveFailed'
      if (fields.months === 'monthNotOwed') id = 'paymentError.monthNotOwed'
      else if (fields.months === 'monthTooFarAhead') id = 'paymentError.monthTooFarAhead'
      else if (fields.reason === 'fieldRequired') id = 'fieldRequired'
      else if (errorStatus(failure) === 403) id = 'notAllowed'
      setErrors({ form: t(id) })
    }
  }

  return (
    <Modal
      open={open}
      title={t('duesWaiveTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('duesWaive')}
      okButtonProps={{ loading: waiving.isLoading }}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label={t('paymentMonths')}
          required
          validateStatus={errors.months ? 'error' : undefined}
          help={errors.months}
        >
          {owing.length === 0 ? (
            <FormattedMessage id="paymentNoMonthsOwed" />
          ) : (
            <Checkbox.Group
              className="waive-months"
              aria-label={t('paymentMonths')}
              value={picked}
              onChange={(values) => setPicked(values as string[])}
              options={owing.map((line) => ({
                value: line.month,
                label: duesMonthLabel(line.month, language),
              }))}
            />
          )}
        </Form.Item>
        <ReasonField
          id="waive-reason"
          value={reason}
          onChange={setReason}
          error={errors.reason ?? errors.form}
        />
      </Form>
    </Modal>
  )
}
