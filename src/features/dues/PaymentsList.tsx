import { Button, Empty, Form, List, Modal, Skeleton, Tag } from 'antd'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import { useAppSelector } from '../../app/hooks'
import { errorFields, errorStatus, translatedErrorId } from '../../app/api'
import { formatDate, formatMinor, minorDigits, nameIn } from '../../domain'
import { LoadError } from '../../shared/RecordsView'
import { selectCurrentUser, useRole } from '../auth'
import { selectLanguage } from '../preferences'
import { type Payment, useFundsQuery, usePaymentsQuery, useVoidPaymentMutation } from './duesApi'
import { READABLE_TAG } from './duesText'
import { ReasonField } from './ReasonField'

/** Asks for the reason, then voids: the number stays, marked void. */
function VoidDialog({ payment, onClose }: { payment: Payment | undefined; onClose: () => void }) {
  const intl = useIntl()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>(undefined)
  const [voidPayment, voiding] = useVoidPaymentMutation()
  const submit = async () => {
    if (!payment) return
    if (!reason.trim()) {
      setError(intl.formatMessage({ id: 'fieldRequired' }))
      return
    }
    try {
      await voidPayment({ payment, reason: reason.trim() }).unwrap()
    } catch (failure) {
      const status = errorStatus(failure)
      // The route's only 409 is a payment void already, most likely by this press's own earlier
      // try whose answer was lost: done, as wanted. The mutation's tags refetch the list on a
      // refusal too, so it shows the payment void.
      if (status !== 409) {
        // A 403 is the closed day (only an admin voids its payments, decision 0230) or a role
        // that may not void. The server's words are English: its codes pick the user's language.
        const fields = errorFields(failure)
        let id = translatedErrorId(failure) ?? 'paymentVoidFailed'
        if (status === 403) {
          id = fields.received_on === 'dayClosed' ? 'paymentVoidDayClosed' : 'notAllowed'
        } else if (fields.reason === 'fieldRequired') id = 'fieldRequired'
        setError(intl.formatMessage({ id }))
        return
      }
    }
    setReason('')
    setError(undefined)
    onClose()
  }
  return (
    <Modal
      open={payment !== undefined}
      title={
        payment && (
          <FormattedMessage id="paymentVoidTitle" values={{ number: payment.receipt_number }} />
        )
      }
      onCancel={onClose}
      onOk={() => void submit()}
      okText={intl.formatMessage({ id: 'paymentVoid' })}
      okButtonProps={{ danger: true, loading: voiding.isLoading }}
      cancelText={intl.formatMessage({ id: 'cancel' })}
      destroyOnHidden
    >
      <p>
        <FormattedMessage id="paymentVoidExplain" />
      </p>
      <Form layout="vertical" onFinish={() => void submit()}>
        <ReasonField id="void-reason" value={reason} onChange={setReason} error={error} />
      </Form>
    </Modal>
  )
}

/** A payer's payments, newest first: each opens its receipt again; some may be voided. */
export function PaymentsList(payer: { memberId: number } | { householdId: number }) {
  const language = useAppSelector(selectLanguage)
  const role = useRole()
  const me = useAppSelector(selectCurrentUser)
  // An admin voids any payment; a clerk its own while the day's cash-up is open (the server
  // refuses after closing, decision 0230).
  const mayVoid = (payment: Payment) =>
    role === 'admin' || (role === 'clerk' && payment.received_by === me?.username)
  const payments = usePaymentsQuery(payer)
  const funds = useFundsQuery()
  const [voiding, setVoiding] = useState<Payment | undefined>(undefined)

  if (payments.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />
  // A failed refetch keeps the list it had, so an open void dialog and its answer stay.
  if (payments.isError && !payments.currentData)
    return <LoadError titleId="paymentsLoadFailed" onRetry={() => void payments.refetch()} />
  const items = payments.data?.items ?? []
  return (
    <section className="dues-payments" aria-labelledby="dues-payments-title">
      <h3 id="dues-payments-title" className="dues-payments-title">
        <FormattedMessage id="paymentsTitle" />
      </h3>
      {items.length === 0 ? (
        <Empty description={<FormattedMessage id="paymentsNone" />} />
      ) : (
        <List
          className="dues-payments-list"
          dataSource={items}
          renderItem={(payment) => {
            const fund = funds.data?.find((f) => f.id === payment.fund_id)
            return (
              <List.Item
                className="dues-payment"
                actions={[
                  <Link key="receipt" to={`/payments/${payment.id}/receipt`}>
                    <FormattedMessage id="paymentReceipt" />
                  </Link>,
                  ...(mayVoid(payment) && payment.status === 'valid'
                    ? [
                        <Button key="void" danger size="small" onClick={() => setVoiding(payment)}>
                          <FormattedMessage id="paymentVoid" />
                        </Button>,
                      ]
                    : []),
                ]}
              >
                <div className="dues-payment-body">
                  <span className="receipt-number">{payment.receipt_number}</span>
                  <span>{formatDate(payment.received_on, 'ethiopian', language)}</span>
                  <span className="dues-money">
                    {formatMinor(payment.amount, minorDigits(payment.currency))} {payment.currency}
                  </span>
                  {fund && <span>{nameIn(fund, language)}</span>}
                  {payment.status === 'void' && (
                    <Tag style={READABLE_TAG} color="error">
                      <FormattedMessage id="paymentIsVoid" />
                    </Tag>
                  )}
                </div>
              </List.Item>
            )
          }}
        />
      )}
      <VoidDialog payment={voiding} onClose={() => setVoiding(undefined)} />
    </section>
  )
}
