import { App, Button, Modal, Typography } from 'antd'
import { FormattedMessage, useIntl } from 'react-intl'

/** A one-time password, shown once: the admin passes it on; the account replaces it at sign-in. */
export function TemporaryPasswordDialog({
  revealed,
  onClose,
}: {
  revealed: { username: string; password: string } | null
  onClose: () => void
}) {
  const intl = useIntl()
  const { modal } = App.useApp()
  // Esc and × are easy to press by mistake and would lose the only copy: they ask first.
  // "Done" is the deliberate way out.
  const askToClose = () => {
    void modal.confirm({
      title: intl.formatMessage({ id: 'temporaryPasswordCloseConfirm' }),
      okText: intl.formatMessage({ id: 'close' }),
      cancelText: intl.formatMessage({ id: 'temporaryPasswordKeepOpen' }),
      okButtonProps: { danger: true },
      onOk: onClose,
    })
  }
  return (
    <Modal
      open={revealed !== null}
      title={<FormattedMessage id="temporaryPassword" />}
      onCancel={askToClose}
      footer={
        <Button type="primary" onClick={onClose}>
          <FormattedMessage id="done" />
        </Button>
      }
      // Closing by a stray click outside would lose the only copy.
      mask={{ closable: false }}
    >
      {revealed && (
        <>
          <Typography.Paragraph>
            <FormattedMessage
              id="temporaryPasswordGive"
              values={{ username: <strong>{revealed.username}</strong> }}
            />
          </Typography.Paragraph>
          <Typography.Paragraph
            code
            copyable={{ text: revealed.password }}
            className="temporary-password"
            data-testid="temporary-password"
          >
            {revealed.password}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            <FormattedMessage id="temporaryPasswordOnce" />
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  )
}
