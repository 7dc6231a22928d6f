import { Button, Modal, Typography } from 'antd'
import { FormattedMessage } from 'react-intl'

/** A one-time password, shown once: the admin passes it on; the account replaces it at sign-in. */
export function TemporaryPasswordDialog({
  revealed,
  onClose,
}: {
  revealed: { username: string; password: string } | null
  onClose: () => void
}) {
  return (
    <Modal
      open={revealed !== null}
      title={<FormattedMessage id="temporaryPassword" />}
      onCancel={onClose}
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
