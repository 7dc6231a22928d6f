import { useIntl } from 'react-intl'
import { nameIn } from '../../domain'
import type { ChurchProfile } from '../churchProfile'
import type { Language } from '../preferences'

/** A printed paper's head from the church profile: logo, name and contact lines. */
export function ChurchHead({
  church,
  language,
}: {
  church: ChurchProfile | undefined
  language: Language
}) {
  const intl = useIntl()
  const churchName = church ? nameIn(church, language) : ''
  return (
    <header className="receipt-head">
      {church?.logo_url && <img className="receipt-logo" src={church.logo_url} alt="" />}
      <div className="receipt-church">
        {churchName && <h2 className="receipt-church-name">{churchName}</h2>}
        {church && (church.address || church.phone || church.po_box) && (
          <p className="receipt-church-contact">
            {[
              church.address,
              church.phone,
              church.po_box
                ? intl.formatMessage({ id: 'receiptPoBox' }, { box: church.po_box })
                : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
      </div>
    </header>
  )
}
