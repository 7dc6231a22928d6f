import { Button, Modal } from 'antd'
import { FormattedMessage, useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { BrandMark } from '../../shared/BrandMark'
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
          <ol className="pwa-banner-instructions">
            <li>
              <FormattedMessage id="installIosStep1" />
            </li>
            <li>
              <FormattedMessage id="installIosStep2" />
            </li>
            <li>
              <FormattedMessage id="installIosStep3" />
            </li>
          </ol>
        </>
      ) : (
        <p>
          <FormattedMessage id="installDialogText" />
        </p>
      )}
    </Modal>
  )
}
