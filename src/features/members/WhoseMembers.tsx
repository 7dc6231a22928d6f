import { Segmented } from 'antd'
import { useIntl } from 'react-intl'

/** Admins and auditors: the list shows their own members or every account's (issue 25). */
export function WhoseMembers({
  everyone,
  onChange,
}: {
  everyone: boolean
  onChange: (everyone: boolean) => void
}) {
  const intl = useIntl()
  return (
    <Segmented
      aria-label={intl.formatMessage({ id: 'whoseMembers' })}
      style={{ marginBottom: 12 }}
      value={everyone ? 'all' : 'mine'}
      onChange={(value) => onChange(value === 'all')}
      options={[
        { value: 'mine', label: intl.formatMessage({ id: 'whoseMembersMine' }) },
        { value: 'all', label: intl.formatMessage({ id: 'whoseMembersAll' }) },
      ]}
    />
  )
}
