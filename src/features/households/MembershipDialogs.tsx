import { App, Form, Input, List, Modal, Radio, Select, Typography } from 'antd'
import { type ReactNode, useState } from 'react'
import { useIntl } from 'react-intl'
import {
  fullName,
  type Household,
  type HouseholdMember,
  HOUSEHOLD_ROLES,
  type HouseholdRole,
} from '../../domain'
import { useDebouncedText } from '../../shared/useDebouncedText'
import {
  useHouseholdListInfiniteQuery,
  useHouseholdMemberSearchQuery,
  useSetHouseholdMemberMutation,
} from './householdsApi'
import { membershipRefusalId, roleMessageId } from './householdText'

function useRoleOptions(household: Household) {
  const intl = useIntl()
  const hasHead = household.members.some((member) => member.household_role === 'head')
  return HOUSEHOLD_ROLES.map((role) => ({
    value: role,
    label: intl.formatMessage({ id: roleMessageId(role) }),
    disabled: role === 'head' && hasHead,
  }))
}

/**
 * Sends a link or a move: on success says so and closes the dialog; a refusal is told in the
 * user's language and leaves the dialog open.
 */
function useMembershipChange(onClose: () => void) {
  const intl = useIntl()
  const { message } = App.useApp()
  const [setMember, sending] = useSetHouseholdMemberMutation()
  const change = async (args: Parameters<typeof setMember>[0], success: string) => {
    try {
      await setMember(args).unwrap()
      void message.success(success)
      onClose()
    } catch (error) {
      void message.error(intl.formatMessage({ id: membershipRefusalId(error) }))
    }
  }
  return [change, sending.isLoading] as const
}

/** The dialog both changes open in: OK stays off until a member or a household is chosen. */
function MembershipModal({
  title,
  okText,
  chosen,
  saving,
  onOk,
  onClose,
  children,
}: {
  title: string
  okText: string
  chosen: boolean
  saving: boolean
  onOk: () => void
  onClose: () => void
  children: ReactNode
}) {
  const intl = useIntl()
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={intl.formatMessage({ id: 'cancel' })}
      okButtonProps={{ disabled: !chosen }}
      confirmLoading={saving}
      onOk={onOk}
      onCancel={onClose}
    >
      <Form layout="vertical">{children}</Form>
    </Modal>
  )
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
  const [query, setQuery] = useState('')
  const [text, changeText] = useDebouncedText(query, setQuery, 300)
  const [chosen, setChosen] = useState<number | null>(null)
  const roles = useRoleOptions(household)
  const [role, setRole] = useState<HouseholdRole>(roles.find((r) => !r.disabled)!.value)
  const search = useHouseholdMemberSearchQuery(query.trim(), { skip: query.trim() === '' })
  const [change, saving] = useMembershipChange(onClose)
  const inHousehold = new Set(household.members.map((member) => member.id))
  const found = (search.data?.items ?? []).filter((member) => !inHousehold.has(member.id))

  const save = () => {
    if (chosen === null) return
    void change({ householdId: household.id, memberId: chosen, role }, t('memberLinked'))
  }

  return (
    <MembershipModal
      title={t('linkMember')}
      okText={t('linkMember')}
      chosen={chosen !== null}
      saving={saving}
      onOk={save}
      onClose={onClose}
    >
      <Form.Item label={t('householdSearchMembers')} htmlFor="link-member-search">
        <Input
          id="link-member-search"
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
      <Form.Item label={t('householdRole')} htmlFor="link-member-role">
        <Select id="link-member-role" value={role} onChange={setRole} options={roles} />
      </Form.Item>
    </MembershipModal>
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
  const [query, setQuery] = useState('')
  const [target, setTarget] = useState<number | null>(null)
  const [role, setRole] = useState<HouseholdRole>(
    member.household_role === 'head' ? 'relative' : member.household_role,
  )
  const list = useHouseholdListInfiniteQuery({ q: query })
  const [change, saving] = useMembershipChange(onClose)
  const options = (list.data?.pages[0]?.items ?? [])
    .filter((item) => item.id !== household.id)
    .map((item) => ({
      value: item.id,
      label: item.number ? `${item.name} (${item.number})` : item.name,
    }))

  const save = () => {
    if (target === null) return
    const success = t('memberMoved', { name: fullName(member) })
    void change({ householdId: target, memberId: member.id, role }, success)
  }

  return (
    <MembershipModal
      title={t('moveMemberNamed', { name: fullName(member) })}
      okText={t('moveMember')}
      chosen={target !== null}
      saving={saving}
      onOk={save}
      onClose={onClose}
    >
      <Form.Item label={t('moveToHousehold')} htmlFor="move-member-household">
        <Select
          id="move-member-household"
          showSearch={{ filterOption: false, onSearch: setQuery }}
          value={target ?? undefined}
          onChange={setTarget}
          options={options}
          loading={list.isFetching}
          notFoundContent={t('householdsNoMatch')}
        />
      </Form.Item>
      <Form.Item label={t('householdRole')} htmlFor="move-member-role">
        <Select
          id="move-member-role"
          value={role}
          onChange={setRole}
          options={HOUSEHOLD_ROLES.map((value) => ({
            value,
            label: t(roleMessageId(value)),
          }))}
        />
      </Form.Item>
      <Typography.Text type="secondary">{t('moveMemberNote')}</Typography.Text>
    </MembershipModal>
  )
}
