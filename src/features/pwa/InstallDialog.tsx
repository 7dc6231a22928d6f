import { Button, Modal } from 'antd'
import { FormattedMessage, useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { BrandMark } from '../../shared/BrandMark'
import { MessageList } from './MessageList'
import { pwaActions, selectPwa } from './pwaSlice'

/** Spec 2.4 install dialog: Maybe Later / Install Now, or Add-to-Home-Screen steps on iOS. */
export default function InstallDialog() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const { device } = useAppSelector(selectPwa)
  const later = () => dispatch(pwaActions.maybeLaterPressed())
  return (
    <Modal
      open
      title={
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
          <BrandMark size={28} />
          {intl.formatMessage({ id: 'installDialogTitle' })}
        </span>
      }
      onCancel={later}
      footer={
        device.ios
          ? [
              <Button key="later" onClick={later}>
                <FormattedMessage id="maybeLater" />
              </Button>,
            ]
          : [
              <Button key="later" onClick={later}>
                <FormattedMessage id="maybeLater" />
              </Button>,
              <Button
                key="install"
                type="primary"
                onClick={() => dispatch(pwaActions.installNowPressed())}
              >
                <FormattedMessage id="installNow" />
              </Button>,
            ]
      }
    >
      {device.ios ? (
        <>
          <p>
            <FormattedMessage id="installDialogIosText" />
          </p>
          <MessageList
            ordered
            className="pwa-banner-instructions"
            ids={['installIosStep1', 'installIosStep2', 'installIosStep3']}
          />
        </>
      ) : (
        <p>
          <FormattedMessage id="installDialogText" />
        </p>
      )}
    </Modal>
  )
}
