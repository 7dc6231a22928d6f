import {
  ArrowLeftOutlined,
  CloseOutlined,
  EditOutlined,
  IdcardOutlined,
  MoreOutlined,
  SaveOutlined,
  SwapOutlined,
} from '@ant-design/icons'
import { Button, Flex } from 'antd'
import { FormattedMessage, useIntl } from 'react-intl'
import { MenuButton } from '../../shared/MenuButton'
import { useIsMobile } from '../../shared/useMediaQuery'
import type { ProfileMode } from './profileMachine'
import { selectIsOfflineSession, useCanChangeMember, useCanWrite } from '../auth'
import { useAppSelector } from '../../app/hooks'

interface Props {
  mode: ProfileMode
  onBack: () => void
  onTransfer: () => void
  onIdCard: () => void
  onEdit: () => void
  onCancel: () => void
  /** Set on another account's member: an admin may transfer it, not edit it. */
  ownerId?: number
}

/** Spec 2.7 header: Back always; Transfer, Generate ID Card and Edit, or Cancel and Save. */
export function ProfileHeader({
  mode,
  onBack,
  onTransfer,
  onIdCard,
  onEdit,
  onCancel,
  ownerId,
}: Props) {
  const saving = mode === 'saving'
  // Auditors read only: no Transfer or Edit; admins edit only their own members (issue 25).
  // Offline (a device's copy, issue 42): Transfer and the ID card need the server, so neither.
  const offline = useAppSelector(selectIsOfflineSession)
  const canWrite = useCanWrite() && !offline
  // On a phone the three view actions took three rows: the less used ones go into a menu.
  const isMobile = useIsMobile()
  const intl = useIntl()
  const canChange = useCanChangeMember(ownerId)
  const editButton = canChange && (
    <Button key="edit" type="primary" icon={<EditOutlined aria-hidden />} onClick={onEdit}>
      <FormattedMessage id="edit" />
    </Button>
  )
  return (
    <Flex className="profile-header" justify="space-between" align="center" wrap gap={8}>
      <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack} disabled={saving}>
        <FormattedMessage id="back" />
      </Button>
      <Flex gap={8} wrap justify="flex-end">
        {mode === 'view' && isMobile ? (
          <>
            {!offline && (
              <MenuButton
                label={intl.formatMessage({ id: 'moreActions' })}
                title={intl.formatMessage({ id: 'moreActions' })}
                icon={<MoreOutlined aria-hidden />}
                items={[
                  ...(canWrite
                    ? [
                        {
                          key: 'transfer',
                          icon: <SwapOutlined aria-hidden />,
                          label: intl.formatMessage({ id: 'transfer' }),
                        },
                      ]
                    : []),
                  ...(offline
                    ? []
                    : [
                        {
                          key: 'idCard',
                          icon: <IdcardOutlined aria-hidden />,
                          label: intl.formatMessage({ id: 'generateIdCard' }),
                        },
                      ]),
                ]}
                onSelect={(key) => (key === 'transfer' ? onTransfer() : onIdCard())}
              />
            )}
            {editButton}
          </>
        ) : mode === 'view' ? (
          <>
            {canWrite && (
              <Button icon={<SwapOutlined aria-hidden />} onClick={onTransfer}>
                <FormattedMessage id="transfer" />
              </Button>
            )}
            {!offline && (
              <Button icon={<IdcardOutlined aria-hidden />} onClick={onIdCard}>
                <FormattedMessage id="generateIdCard" />
              </Button>
            )}
            {editButton}
          </>
        ) : (
          <>
            <Button
              key="cancel"
              icon={<CloseOutlined aria-hidden />}
              onClick={onCancel}
              disabled={saving}
            >
              <FormattedMessage id="cancel" />
            </Button>
            {/* Keyed: were React to reuse the pressed Edit button's element as Save, its type
                would turn to submit while the press is handled, and the press would save. */}
            <Button
              key="save"
              type="primary"
              htmlType="submit"
              icon={<SaveOutlined aria-hidden />}
              loading={saving}
            >
              <FormattedMessage id="save" />
            </Button>
          </>
        )}
      </Flex>
    </Flex>
  )
}
