import { Form, Input } from 'antd'
import { useIntl } from 'react-intl'

/** The reason a void or a waiver must give, as the history keeps it (up to 500 characters). */
export function ReasonField({
  id,
  value,
  onChange,
  error,
}: {
  id: string
  value: string
  onChange: (reason: string) => void
  error: string | undefined
}) {
  const intl = useIntl()
  return (
    <Form.Item
      label={intl.formatMessage({ id: 'duesReason' })}
      htmlFor={id}
      required
      validateStatus={error ? 'error' : undefined}
      help={error}
    >
      <Input.TextArea
        id={id}
        maxLength={500}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Form.Item>
  )
}
