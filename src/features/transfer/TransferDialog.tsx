import { SearchOutlined, SwapOutlined } from '@ant-design/icons'
import { Alert, Button, Checkbox, Form, Input, Modal, Select, Spin, Typography } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { serverMessage } from '../../app/api'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useDebouncedText } from '../../shared/useDebouncedText'
import { useIsMobile } from '../../shared/useMediaQuery'
import {
  closed,
  searchSettled,
  selectTransfer,
  USER_SEARCH_DEBOUNCE_MS,
  userSelected,
} from './transferSlice'
import { useGetUsersQuery, useTransferMemberMutation } from './transferApi'
import './transfer.css'
import { useClearButton } from '../../shared/useClearButton'

// Spec 9.7: the user menu is at most 288px tall; the popup adds 4px padding above and below.
const USER_MENU_LIST_HEIGHT = 280

/**
 * The user search, sent to the slice once typing pauses for 350 ms (spec 2.8). Inside the
 * dialog's content, so that closing the dialog drops a search still being typed.
 */
function UserSearchField({ searchText, disabled }: { searchText: string; disabled: boolean }) {
  const clear = useClearButton()
  const dispatch = useAppDispatch()
  const [text, change] = useDebouncedText(
    searchText,
    (value) => dispatch(searchSettled(value)),
    USER_SEARCH_DEBOUNCE_MS,
  )
  return (
    <Input
      id="transfer-user-search"
      allowClear={clear.input}
      type="search"
      prefix={<SearchOutlined aria-hidden />}
      value={text}
      disabled={disabled}
      onChange={(event) => change(event.target.value)}
    />
  )
}

/** The household a head's transfer may take along (issue 44). */
interface TransferableHousehold {
  name: string
  memberCount: number
  /**
   * Opened from the household page: the whole household goes, with no choice to offer, and
   * `onTransferred` says where to go after (the page is no longer the clerk's).
   */
  whole?: { householdId: number; onTransferred: (username: string) => void }
}

/**
 * Spec 2.8: moves the member in the transfer slice to another staff account. A household's
 * head may take the whole household along (issue 44); otherwise the member leaves it.
 */
export function TransferDialog({
  memberId,
  household,
}: {
  memberId: number
  household?: TransferableHousehold
}) {
  const whole = household?.whole
  const clear = useClearButton()
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const fullScreen = useIsMobile()
  const transfer = useAppSelector(selectTransfer)
  const { status, memberName, searchText, appliedSearch, selectedUser } = transfer
  const open = status !== 'closed' && transfer.memberId === memberId
  const submitting = status === 'submitting'
  const [sendTransfer] = useTransferMemberMutation()
  const [withHousehold, setWithHousehold] = useState(false)
  // Each opening starts with the member alone: taking a household along is chosen each time.
  useEffect(() => {
    if (open) setWithHousehold(Boolean(whole))
  }, [open, whole])

  const users = useGetUsersQuery({ purpose: 'transfer', search: appliedSearch }, { skip: !open })

  // Leaving the profile (Back, a link) must not leave the machine open for the next one.
  useEffect(() => () => void dispatch(closed()), [dispatch])

  const options = useMemo(() => {
    const list = (users.data ?? []).map((user) => ({ value: user.id, label: user.username }))
    // A chosen user stays visible even when a later search no longer lists them.
    if (selectedUser && !list.some((option) => option.value === selectedUser.id)) {
      list.unshift({ value: selectedUser.id, label: selectedUser.username })
    }
    return list
  }, [users.data, selectedUser])

  const choose = (id: number | undefined) => {
    const option = options.find((candidate) => candidate.value === id)
    dispatch(userSelected(option ? { id: option.value, username: option.label } : null))
  }
  const submit = async () => {
    if (!selectedUser || submitting) return
    const result = await sendTransfer({
      id: memberId,
      targetUserId: selectedUser.id,
      withHousehold: !whole && Boolean(household) && withHousehold,
      householdId: whole?.householdId,
    })
    // Navigate from here, not from an effect on the slice's `succeeded`: the profile may unmount
    // the dialog before such an effect runs. The slice still records the outcome.
    if (!('data' in result)) return
    if (whole) whole.onTransferred(selectedUser.username)
    else navigate('/members', { state: { transferred: memberName } })
  }
  const cancel = () => dispatch(closed())

  return (
    <Modal
      open={open}
      title={<FormattedMessage id={whole ? 'transferHousehold' : 'transferMember'} />}
      onCancel={cancel}
      closable={!submitting}
      mask={{ closable: !submitting }}
      keyboard={!submitting}
      destroyOnHidden
      width={fullScreen ? '100%' : 520}
      className={fullScreen ? 'transfer-dialog transfer-dialog-fullscreen' : 'transfer-dialog'}
      footer={[
        <Button key="cancel" onClick={cancel} disabled={submitting}>
          <FormattedMessage id="cancel" />
        </Button>,
        <Button
          key="transfer"
          type="primary"
          icon={<SwapOutlined aria-hidden />}
          disabled={!selectedUser}
          loading={submitting}
          onClick={() => void submit()}
        >
          <FormattedMessage id="transfer" />
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        <FormattedMessage
          id={whole ? 'transferHouseholdDescription' : 'transferMemberDescription'}
        />
      </Typography.Paragraph>
      <Alert
        type="warning"
        showIcon
        title={
          <FormattedMessage id={whole ? 'transferHouseholdWarning' : 'transferMemberWarning'} />
        }
      />
      <Typography.Paragraph className="transfer-member-line">
        <Typography.Text type="secondary">
          <FormattedMessage id={whole ? 'householdToTransfer' : 'memberToTransfer'} />
        </Typography.Text>{' '}
        <Typography.Text strong>
          {whole
            ? intl.formatMessage(
                { id: 'householdWithMembers' },
                { household: household.name, count: household.memberCount },
              )
            : memberName}
        </Typography.Text>
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label={<FormattedMessage id="searchUsers" />} htmlFor="transfer-user-search">
          <UserSearchField searchText={searchText} disabled={submitting} />
        </Form.Item>
        <Form.Item
          label={<FormattedMessage id="selectUserToTransferTo" />}
          htmlFor="transfer-user-select"
          required
          help={selectedUser ? undefined : <FormattedMessage id="selectUserRequired" />}
        >
          <Select<number>
            id="transfer-user-select"
            showSearch={false}
            allowClear={clear.select}
            value={selectedUser?.id}
            options={options}
            loading={users.isFetching}
            disabled={submitting}
            listHeight={USER_MENU_LIST_HEIGHT}
            placeholder={intl.formatMessage({ id: 'selectUserToTransferTo' })}
            notFoundContent={
              users.isFetching ? <Spin size="small" /> : <FormattedMessage id="noUsersFound" />
            }
            onChange={choose}
          />
        </Form.Item>
        {household && !whole && (
          <Form.Item>
            <Checkbox
              checked={withHousehold}
              disabled={submitting}
              onChange={(event) => setWithHousehold(event.target.checked)}
            >
              <FormattedMessage
                id="transferWithHousehold"
                values={{ household: household.name, count: household.memberCount }}
              />
            </Checkbox>
          </Form.Item>
        )}
      </Form>
      {users.isError && (
        <Alert
          type="error"
          showIcon
          title={serverMessage(users.error) ?? intl.formatMessage({ id: 'fetchUsersError' })}
        />
      )}
      {status === 'failed' && (
        <Alert
          type="error"
          showIcon
          className="transfer-error"
          title={
            transfer.errorId
              ? intl.formatMessage({ id: transfer.errorId })
              : (transfer.error ?? intl.formatMessage({ id: 'transferError' }))
          }
        />
      )}
    </Modal>
  )
}
