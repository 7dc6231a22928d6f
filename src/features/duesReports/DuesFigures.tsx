// The home dashboard's dues figures (issue 46): this Ethiopian month's collections and the
// members in arrears, each opening its report.
import { useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { useAppSelector } from '../../app/hooks'
import { moneyText } from '../../domain'
import { selectLanguage } from '../preferences'
import { monthText } from './reportText'

export interface DuesFiguresData {
  currency: string
  month: string
  collected: number
  payments: number
  members_in_arrears: number | null
}

export function DuesFigures({ dues }: { dues: DuesFiguresData }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const language = useAppSelector(selectLanguage)
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values)
  const collected = moneyText(dues.collected, dues.currency)
  const collectedLabel = t('homeDuesCollected', { month: monthText(dues.month, language) })
  return (
    <>
      <button
        type="button"
        className="home-figure is-link"
        onClick={() => navigate('/dues/reports')}
        aria-label={`${collectedLabel}: ${collected}`}
      >
        <span className="home-figure-value">{collected}</span>
        <span className="home-figure-label">{collectedLabel}</span>
      </button>
      {dues.members_in_arrears !== null && (
        <button
          type="button"
          className="home-figure is-link"
          onClick={() => navigate('/dues/reports?tab=arrears')}
          aria-label={`${t('homeDuesInArrears')}: ${intl.formatNumber(dues.members_in_arrears)}`}
        >
          <span className="home-figure-value">{intl.formatNumber(dues.members_in_arrears)}</span>
          <span className="home-figure-label">{t('homeDuesInArrears')}</span>
        </button>
      )}
    </>
  )
}
