import { DeleteOutlined, ExclamationCircleFilled } from '@ant-design/icons'
import { App, Button, Card, Flex, Typography } from 'antd'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { errorStatus, translatedErrorId } from '../../app/api'
import { useRole } from '../auth'
import { useDeleteMemberMutation } from './membersApi'

/**
 * Spec 2.7 / 4.3: Delete, at the foot of the profile where destructive actions are expected,
 * behind the spec's confirmation; afterwards the list, fetched again. The spec's "cannot be
 * undone" no longer holds (a 30-day restore bin): the text says who can restore it instead.
 */
export function DangerZone({ memberId, memberName }: { memberId: number; memberName: string }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const { modal, message } = App.useApp()
  const [deleteMember] = useDeleteMemberMutation()
  const restorable = intl.formatMessage({
    id: useRole() === 'admin' ? 'deleteRestorableByYou' : 'deleteRestorableByAdmin',
  })

  const confirmDelete = () =>
    modal.confirm({
      // The clerk sees whom they are about to delete (issue 28).
      title: intl.formatMessage({ id: 'deleteMemberNamed' }, { memberName }),
      icon: <ExclamationCircleFilled />,
      content: (
        <>
          <p className="delete-confirm-text">{intl.formatMessage({ id: 'deleteConfirm' })}</p>
          <p className="delete-confirm-text">{restorable}</p>
        </>
      ),
      okText: intl.formatMessage({ id: 'delete' }),
      okButtonProps: { danger: true },
      cancelText: intl.formatMessage({ id: 'cancel' }),
      // A press of Enter on arrival keeps the member.
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await deleteMember(memberId).unwrap()
        } catch (error) {
          // Gone already: most likely this press's earlier delete whose answer was lost (or a
          // transfer meanwhile). Nothing is left to delete here, so back to the list, saying so.
          if (errorStatus(error) === 404) {
            void message.info(intl.formatMessage({ id: 'memberGoneAlready' }, { memberName }))
            navigate('/members', { replace: true, state: { memberUpdated: true } })
            return
          }
          // The server's words are English: its status picks the message in the user's language.
          const id =
            errorStatus(error) === 403 ? 'notAllowed' : (translatedErrorId(error) ?? 'deleteError')
          void message.error(intl.formatMessage({ id }))
          return
        }
        void message.success(intl.formatMessage({ id: 'deleteSuccess' }, { memberName }))
        navigate('/members', { replace: true, state: { memberUpdated: true } })
      },
    })

  return (
    <Card className="profile-danger-zone" title={<FormattedMessage id="dangerZone" />}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Text type="secondary">
          <FormattedMessage id="deleteMemberHelp" /> {restorable}
        </Typography.Text>
        <Button danger icon={<DeleteOutlined aria-hidden />} onClick={confirmDelete}>
          <FormattedMessage id="deleteMember" />
        </Button>
      </Flex>
    </Card>
  )
}
