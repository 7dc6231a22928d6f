import { Select } from 'antd'
import { useIntl } from 'react-intl'
import { useSearchParams } from 'react-router'
import type { Role } from '../../domain'
import { useAccountsQuery } from '../accounts'

/** 'mine', 'all' or an account's id: the `owner` of GET /api/members/search (issue 25). */
export type OwnerChoice = string

/**
 * Admins and auditors: whose members the list shows, kept in the address (?owner=all|<id>) like
 * the other list filters so a reload or a shared link keeps it. An auditor owns none: all.
 */
export function useOwnerChoice(role: Role): [OwnerChoice | undefined, (next: OwnerChoice) => void] {
  const [params, setParams] = useSearchParams()
  if (role === 'clerk') return [undefined, () => {}]
  const raw = params.get('owner')
  const fallback = role === 'auditor' ? 'all' : 'mine'
  const choice = raw === 'mine' || raw === 'all' || /^\d{1,9}$/.test(raw ?? '') ? raw! : fallback
  const set = (next: OwnerChoice) =>
    setParams(
      (current) => {
        const search = new URLSearchParams(current)
        if (next === fallback) search.delete('owner')
        else search.set('owner', next)
        return search
      },
      { replace: true },
    )
  return [choice, set]
}

export function WhoseMembers({
  value,
  onChange,
}: {
  value: OwnerChoice
  onChange: (next: OwnerChoice) => void
}) {
  const intl = useIntl()
  const accounts = useAccountsQuery()
  return (
    <Select<string>
      className="whose-members"
      aria-label={intl.formatMessage({ id: 'whoseMembers' })}
      style={{ marginBottom: 12, minWidth: 200 }}
      value={value}
      onChange={onChange}
      showSearch={{ optionFilterProp: 'label' }}
      loading={accounts.isLoading}
      options={[
        { value: 'mine', label: intl.formatMessage({ id: 'whoseMembersMine' }) },
        { value: 'all', label: intl.formatMessage({ id: 'whoseMembersAll' }) },
        ...(accounts.data ?? []).map((account) => ({
          value: String(account.id),
          label: intl.formatMessage({ id: 'whoseMembersOf' }, { name: account.username }),
        })),
      ]}
    />
  )
}
