import { DeleteOutlined, UploadOutlined } from '@ant-design/icons'
import { App, Avatar, Button, Upload } from 'antd'
import { FormattedMessage, useIntl } from 'react-intl'
import { readAsDataUrl } from '../../shared/readAsDataUrl'

/**
 * "Upload Church Logo" (spec 2.9): the picked image is read in the browser and handed to the
 * card; beforeUpload returning LIST_IGNORE means antd never sends it anywhere.
 */
export function LogoPicker({
  logo,
  onChange,
}: {
  logo: string | null
  onChange: (logo: string | null) => void
}) {
  const intl = useIntl()
  const { message } = App.useApp()
  return (
    <>
      <Upload
        accept="image/*"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          if (!file.type.startsWith('image/')) {
            void message.error(intl.formatMessage({ id: 'idCardLogoNotImage' }))
          } else {
            readAsDataUrl(file).then(onChange, (error: unknown) => {
              console.error('ID card: reading the logo failed', error)
              void message.error(intl.formatMessage({ id: 'idCardLogoNotImage' }))
            })
          }
          return Upload.LIST_IGNORE
        }}
      >
        <Button icon={logo ? <Avatar src={logo} size={18} shape="square" /> : <UploadOutlined />}>
          <FormattedMessage id="idCardUploadLogo" />
        </Button>
      </Upload>
      {logo && (
        <Button
          type="text"
          icon={<DeleteOutlined />}
          aria-label={intl.formatMessage({ id: 'idCardRemoveLogo' })}
          title={intl.formatMessage({ id: 'idCardRemoveLogo' })}
          onClick={() => onChange(null)}
        />
      )}
    </>
  )
}
