// The home dashboard's dues figures (issue 46): this Ethiopian month's collections and the
// members in arrears, each opening its report.
import type { CSSProperties } from 'react'
import { useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { useAppSelector } from '../../app/hooks'
import { type MemberStats, moneyText } from '../../domain'
import { selectLanguage } from '../preferences'
import { eraMonthText } from './reportText'

export function DuesFigures({ dues }: { dues: NonNullable<MemberStats['dues']> }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const language = useAppSelector(selectLanguage)
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values)
  const collected = moneyText(dues.collected, dues.currency)
  // With its era mark, as the home charts write their months: the year alone does not say which.
  const collectedLabel = t('homeDuesCollected', { month: eraMonthText(dues.month, language, intl) })
  return (
    <>
      <button
        type="button"
        className="home-figure is-link is-money"
        onClick={() => navigate('/dues/reports')}
        aria-label={`${collectedLabel}: ${collected}`}
      >
        <span
          className="home-figure-value"
          style={{ '--figure-chars': collected.length } as CSSProperties}
        >
          {collected}
        </span>
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
