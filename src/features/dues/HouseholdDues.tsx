import { Empty, Select, Skeleton, Typography } from 'antd'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { useAppSelector } from '../../app/hooks'
import { nameIn } from '../../domain'
import { LoadError } from '../../shared/RecordsView'
import { useCanWrite, useRole } from '../auth'
import { selectLanguage } from '../preferences'
import { useFundsQuery } from './duesApi'
import { useHouseholdDuesQuery } from './householdDuesApi'
import { DuesStrip, StripActions } from './MemberDues'
import { PaymentForm } from './PaymentForm'
import { PaymentsList } from './PaymentsList'
import { WaiveDialog } from './WaiveDialog'
import './dues.css'
import { errorStatus } from '../../app/api'

/**
 * The household page's dues (issue 46): for a fund paid per household, the household's strip,
 * arrears and standing, its payments with their receipts, and recording a payment by the
 * household, and (admins) waiving its months. Churches whose dues are all per member see nothing
 * here.
 */
export function HouseholdDues({ householdId }: { householdId: number }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const language = useAppSelector(selectLanguage)
  const canPay = useCanWrite()
  const admin = useRole() === 'admin'
  const funds = useFundsQuery()
  const [chosenFund, setChosenFund] = useState<number | undefined>(undefined)
  const [year, setYear] = useState<number | undefined>(undefined)
  const [paying, setPaying] = useState(false)
  const [waiving, setWaiving] = useState(false)
  const householdFunds = (funds.data ?? []).filter(
    (fund) => fund.kind === 'dues' && fund.payer === 'household' && fund.active,
  )
  const fund = householdFunds.find((f) => f.id === chosenFund) ?? householdFunds[0]
  const dues = useHouseholdDuesQuery(
    { householdId, fundId: fund?.id, year },
    { skip: fund === undefined },
  )

  if (funds.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />
  if (funds.isError)
    return <LoadError titleId="duesLoadFailed" onRetry={() => void funds.refetch()} />
  if (!fund) return null

  let body
  const status = errorStatus(dues.error)
  if (dues.isLoading) body = <Skeleton active paragraph={{ rows: 3 }} />
  else if (dues.isError && status === 404)
    body = <Empty description={<FormattedMessage id="duesNoFund" />} />
  else if (dues.isError || !dues.data)
    body = <LoadError titleId="duesLoadFailed" onRetry={() => void dues.refetch()} />
  else
    body = (
      <DuesStrip
        data={dues.data}
        language={language}
        onYear={setYear}
        actions={
          <StripActions
            statement={`/households/${householdId}/statement?year=${dues.data.year}`}
            onWaive={admin ? () => setWaiving(true) : undefined}
            onPay={canPay ? () => setPaying(true) : undefined}
          />
        }
      />
    )

  return (
    <section
      className="member-dues household-dues"
      aria-labelledby="household-dues-title"
      aria-busy={dues.isFetching}
    >
      <div className="household-dues-title">
        <Typography.Title level={3} id="household-dues-title" style={{ margin: 0 }}>
          <FormattedMessage id="householdDuesTitle" />
        </Typography.Title>
        {householdFunds.length > 1 && (
          <Select
            id="household-dues-fund"
            aria-label={intl.formatMessage({ id: 'paymentFund' })}
            value={fund.id}
            onChange={(value: number) => {
              setChosenFund(value)
              setYear(undefined)
            }}
            options={householdFunds.map((f) => ({ value: f.id, label: nameIn(f, language) }))}
          />
        )}
      </div>
      {body}
      <PaymentsList householdId={householdId} />
      {canPay && (
        <PaymentForm
          householdId={householdId}
          fundId={fund.id}
          open={paying}
          onClose={() => setPaying(false)}
          onRecorded={(payment) => {
            setPaying(false)
            void navigate(`/payments/${payment.id}/receipt`)
          }}
        />
      )}
      {admin && dues.data && (
        <WaiveDialog
          open={waiving}
          onClose={() => setWaiving(false)}
          payer={{ household_id: householdId }}
          fundId={fund.id}
          months={dues.data.months}
          language={language}
        />
      )}
    </section>
  )
}
