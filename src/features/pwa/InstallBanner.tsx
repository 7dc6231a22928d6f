import { CloseOutlined, DownloadOutlined } from '@ant-design/icons'
import { Button, Flex, theme } from 'antd'
import { useId, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { MessageList } from './MessageList'
import { pwaActions, selectPwaInstall, selectShowInstallBanner } from './pwaSlice'

/**
 * Spec 2.4 install banner on the login screen. Install App uses the browser's prompt when it has
 * offered one, and otherwise shows (or hides) how to install by hand. Close is for good.
 */
export function InstallBanner() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const show = useAppSelector(selectShowInstallBanner)
  const install = useAppSelector(selectPwaInstall)
  const [instructionsOpen, setInstructionsOpen] = useState(false)
  const titleId = useId()
  const instructionsId = useId()
  const { token } = theme.useToken()
  if (!show) return null

  const installApp = () => {
    if (install === 'offered') dispatch(pwaActions.installRequested())
    else setInstructionsOpen((open) => !open)
  }

  return (
    <section
      className="pwa-banner"
      aria-labelledby={titleId}
      style={{
        position: 'relative',
        marginBottom: 16,
        padding: '16px 44px 16px 16px',
        borderRadius: token.borderRadiusLG,
        background: token.colorPrimaryBg,
        border: `1px solid ${token.colorPrimaryBorder}`,
        color: token.colorText,
      }}
    >
      <h2 id={titleId} style={{ margin: 0, fontSize: 17, color: token.colorTextHeading }}>
        <FormattedMessage id="installBannerTitle" />
      </h2>
      <p style={{ margin: '4px 0 0' }}>
        <FormattedMessage id="installBannerText" />
      </p>
      <MessageList
        className="pwa-banner-benefits"
        ids={['installBenefitFast', 'installBenefitOffline', 'installBenefitOwnWindow']}
      />
      <Flex>
        <Button
          type="primary"
          icon={<DownloadOutlined aria-hidden />}
          loading={install === 'prompting'}
          aria-expanded={install === 'offered' ? undefined : instructionsOpen}
          aria-controls={install !== 'offered' && instructionsOpen ? instructionsId : undefined}
          onClick={installApp}
        >
          <FormattedMessage id="installApp" />
        </Button>
      </Flex>
      {install !== 'offered' && instructionsOpen && (
        <div id={instructionsId}>
          <h3 style={{ margin: '12px 0 0', fontSize: 15, color: token.colorTextHeading }}>
            <FormattedMessage id="installInstructionsTitle" />
          </h3>
          <MessageList
            className="pwa-banner-instructions"
            ids={['installInstructionsMobile', 'installInstructionsDesktop']}
          />
        </div>
      )}
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined aria-hidden />}
        aria-label={intl.formatMessage({ id: 'installBannerClose' })}
        onClick={() => dispatch(pwaActions.bannerDismissed())}
        style={{ position: 'absolute', top: 10, right: 10, color: token.colorTextSecondary }}
      />
    </section>
  )
}
