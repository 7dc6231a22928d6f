import { Card, Descriptions, Result, Skeleton } from 'antd'
import { FormattedMessage, useIntl } from 'react-intl'
import { useParams } from 'react-router'
import { useAppSelector } from '../../app/hooks'
import { formatDate } from '../../domain'
import { LoadError } from '../../shared/RecordsView'
import { selectLanguage } from '../preferences'
import { useReceiptCheckQuery } from './duesApi'
import { Money } from './MemberDues'
import './dues.css'
import { errorStatus } from '../../app/api'

/**
 * The public page a receipt's QR code opens (issue 46): anyone may check that the receipt
 * exists and is not void. It shows the number, amount, date and the payer's initials only.
 */
export default function VerifyReceiptScreen() {
  const intl = useIntl()
  const language = useAppSelector(selectLanguage)
  const { code = '' } = useParams()
  const check = useReceiptCheckQuery(code)
  const status = errorStatus(check.error)

  let body
  if (check.isLoading) body = <Skeleton active paragraph={{ rows: 4 }} />
  else if (status === 404 || status === 400)
    body = <Result status="warning" title={<FormattedMessage id="receiptNotFound" />} />
  else if (check.isError || !check.data)
    body = <LoadError titleId="receiptCheckFailed" onRetry={() => void check.refetch()} />
  else {
    const receipt = check.data
    const valid = receipt.status === 'valid'
    body = (
      <>
        <Result
          status={valid ? 'success' : 'error'}
          title={<FormattedMessage id={valid ? 'receiptValid' : 'receiptVoid'} />}
        />
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={intl.formatMessage({ id: 'receiptNumber' })}>
            <span className="receipt-number">{receipt.receipt_number}</span>
          </Descriptions.Item>
          <Descriptions.Item label={intl.formatMessage({ id: 'receiptAmount' })}>
            <Money amount={receipt.amount} currency={receipt.currency} />
          </Descriptions.Item>
          <Descriptions.Item label={intl.formatMessage({ id: 'receiptDate' })}>
            {formatDate(receipt.received_on, 'ethiopian', language)}
            <br />
            {formatDate(receipt.received_on, 'gregorian', language)}
          </Descriptions.Item>
          <Descriptions.Item label={intl.formatMessage({ id: 'receiptPayer' })}>
            {receipt.payer_initials || '—'}
          </Descriptions.Item>
        </Descriptions>
      </>
    )
  }
  return (
    <main id="main" className="verify-receipt-page">
      <Card title={<FormattedMessage id="receiptCheckTitle" />}>{body}</Card>
    </main>
  )
}
