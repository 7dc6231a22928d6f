import { App, Form, Input, List, Modal, Radio, Select, Typography } from 'antd'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import {
  fullName,
  type Household,
  type HouseholdMember,
  HOUSEHOLD_ROLES,
  type HouseholdRole,
} from '../../domain'
import { serverMessage } from '../../app/api'
import { useDebouncedText } from '../../shared/useDebouncedText'
import {
  useHouseholdListInfiniteQuery,
  useHouseholdMemberSearchQuery,
  useSetHouseholdMemberMutation,
} from './householdsApi'
import { roleMessageId } from './householdText'

function useRoleOptions(household: Household) {
  const intl = useIntl()
  const hasHead = household.members.some((member) => member.household_role === 'head')
  return HOUSEHOLD_ROLES.map((role) => ({
    value: role,
    label: intl.formatMessage({ id: roleMessageId(role) }),
    disabled: role === 'head' && hasHead,
  }))
}

/** The answer to a refused membership change, in the user's language. */
function useMembershipError() {
  const intl = useIntl()
  return (error: unknown) => {
    const status = (error as { status?: unknown }).status
    if (status === 409) return intl.formatMessage({ id: 'secondHead' })
    return serverMessage(error) ?? intl.formatMessage({ id: 'householdSaveFailed' })
  }
}

/** Link an existing member: the member list's search, then a role. */
export function LinkMemberDialog({
  household,
  onClose,
}: {
  household: Household
  onClose: () => void
}) {
  const intl = useIntl()
  const t = (id: string) => intl.formatMessage({ id })
  const { message } = App.useApp()
  const [query, setQuery] = useState('')
  const [text, changeText] = useDebouncedText(query, setQuery, 300)
  const [chosen, setChosen] = useState<number | null>(null)
  const roles = useRoleOptions(household)
  const [role, setRole] = useState<HouseholdRole>(roles.find((r) => !r.disabled)!.value)
  const search = useHouseholdMemberSearchQuery(query.trim(), { skip: query.trim() === '' })
  const [link, linking] = useSetHouseholdMemberMutation()
  const errorText = useMembershipError()
  const inHousehold = new Set(household.members.map((member) => member.id))
  const found = (search.data?.items ?? []).filter((member) => !inHousehold.has(member.id))

  const save = async () => {
    if (chosen === null) return
    try {
      await link({ householdId: household.id, memberId: chosen, role }).unwrap()
      void message.success(t('memberLinked'))
      onClose()
    } catch (error) {
      void message.error(errorText(error))
    }
  }

  return (
    <Modal
      open
      title={t('linkMember')}
      okText={t('linkMember')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: chosen === null }}
      confirmLoading={linking.isLoading}
      onOk={() => void save()}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item label={t('householdSearchMembers')}>
          <Input
            type="search"
            allowClear
            autoFocus
            value={text}
            onChange={(event) => changeText(event.target.value)}
          />
        </Form.Item>
        {query.trim() !== '' && (
          <Radio.Group
            value={chosen}
            onChange={(event) => setChosen(event.target.value as number)}
            style={{ width: '100%' }}
          >
            <List
              size="small"
              loading={search.isFetching}
              dataSource={found}
              locale={{ emptyText: t('noMembersFound') }}
              renderItem={(member) => (
                <List.Item>
                  <Radio value={member.id}>{fullName(member)}</Radio>
                </List.Item>
              )}
            />
          </Radio.Group>
        )}
        <Form.Item label={t('householdRole')}>
          <Select value={role} onChange={setRole} options={roles} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

/** Move a member to another of the account's households, with its role there. */
export function MoveMemberDialog({
  household,
  member,
  onClose,
}: {
  household: Household
  member: HouseholdMember
  onClose: () => void
}) {
  const intl = useIntl()
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values)
  const { message } = App.useApp()
  const [query, setQuery] = useState('')
  const [target, setTarget] = useState<number | null>(null)
  const [role, setRole] = useState<HouseholdRole>(
    member.household_role === 'head' ? 'relative' : member.household_role,
  )
  const list = useHouseholdListInfiniteQuery({ q: query })
  const [move, moving] = useSetHouseholdMemberMutation()
  const errorText = useMembershipError()
  const options = (list.data?.pages[0]?.items ?? [])
    .filter((item) => item.id !== household.id)
    .map((item) => ({
      value: item.id,
      label: item.number ? `${item.name} (${item.number})` : item.name,
    }))

  const save = async () => {
    if (target === null) return
    try {
      await move({ householdId: target, memberId: member.id, role }).unwrap()
      void message.success(t('memberMoved', { name: fullName(member) }))
      onClose()
    } catch (error) {
      void message.error(errorText(error))
    }
  }

  return (
    <Modal
      open
      title={t('moveMemberNamed', { name: fullName(member) })}
      okText={t('moveMember')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: target === null }}
      confirmLoading={moving.isLoading}
      onOk={() => void save()}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item label={t('moveToHousehold')}>
          <Select
            showSearch={{ filterOption: false, onSearch: setQuery }}
            value={target ?? undefined}
            onChange={setTarget}
            options={options}
            loading={list.isFetching}
            notFoundContent={t('householdsNoMatch')}
          />
        </Form.Item>
        <Form.Item label={t('householdRole')}>
          <Select
            value={role}
            onChange={setRole}
            options={HOUSEHOLD_ROLES.map((value) => ({
              value,
              label: t(roleMessageId(value)),
            }))}
          />
        </Form.Item>
        <Typography.Text type="secondary">{t('moveMemberNote')}</Typography.Text>
      </Form>
    </Modal>
  )
}
