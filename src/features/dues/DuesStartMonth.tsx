import { App, Button, InputNumber, Select } from 'antd'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { duesMonth, ethiopianMonthName, MAX_DUES_YEAR, MIN_DUES_YEAR } from '../../domain'
import type { Language } from '../preferences'
import { useSetMemberDuesMutation } from './duesApi'

/**
 * An admin sets the Ethiopian month a member's dues start from (PUT /api/members/:id/dues
 * `start_month`), or clears it so dues run from the day the member joined or registered.
 */
export function DuesStartMonth({
  memberId,
  startMonth,
  startMonthSet,
  language,
}: {
  memberId: number
  startMonth: string
  startMonthSet: boolean
  language: Language
}) {
  const intl = useIntl()
  const { message } = App.useApp()
  const [year, setYear] = useState<number | null>(Number(startMonth.slice(0, 4)))
  const [month, setMonth] = useState(Number(startMonth.slice(5, 7)))
  const [setMemberDues, saving] = useSetMemberDuesMutation()
  const chosen =
    year !== null && Number.isInteger(year) && year >= MIN_DUES_YEAR && year <= MAX_DUES_YEAR
      ? duesMonth(year, month)
      : undefined

  const save = async (start_month: string | null) => {
    try {
      await setMemberDues({ memberId, start_month }).unwrap()
      void message.success(intl.formatMessage({ id: 'duesStartSaved' }))
    } catch {
      void message.error(intl.formatMessage({ id: 'duesStartSaveFailed' }))
    }
  }

  return (
    <fieldset className="dues-start">
      <legend>
        <FormattedMessage id="duesStartMonth" />
      </legend>
      <p className="dues-start-source">
        <FormattedMessage id={startMonthSet ? 'duesStartSetByOffice' : 'duesStartFromJoining'} />
      </p>
      <div className="dues-start-fields">
        <Select
          id="dues-start-month"
          aria-label={intl.formatMessage({ id: 'ethiopianMonth' })}
          value={month}
          onChange={setMonth}
          options={Array.from({ length: 12 }, (_, i) => ({
            value: i + 1,
            label: ethiopianMonthName(i + 1, language),
          }))}
        />
        <InputNumber
          id="dues-start-year"
          aria-label={intl.formatMessage({ id: 'duesStartYear' })}
          value={year}
          onChange={(value) => setYear(value)}
          min={MIN_DUES_YEAR}
          max={MAX_DUES_YEAR}
          precision={0}
          status={chosen ? undefined : 'error'}
        />
        <Button
          type="primary"
          disabled={!chosen || chosen === startMonth}
          loading={saving.isLoading && saving.originalArgs?.start_month !== null}
          onClick={() => chosen && void save(chosen)}
        >
          <FormattedMessage id="save" />
        </Button>
        {startMonthSet && (
          <Button
            loading={saving.isLoading && saving.originalArgs?.start_month === null}
            onClick={() => void save(null)}
          >
            <FormattedMessage id="duesStartReset" />
          </Button>
        )}
      </div>
    </fieldset>
  )
}
