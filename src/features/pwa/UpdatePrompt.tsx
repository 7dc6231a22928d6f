import { Alert, Button, Flex } from 'antd'
import { FormattedMessage } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { pwaActions, selectPwaUpdate } from './pwaSlice'

/** Spec 2.11: "New version available! Refresh to update?" */
export default function UpdatePrompt() {
  const dispatch = useAppDispatch()
  const update = useAppSelector(selectPwaUpdate)
  return (
    <div className="pwa-update">
      <Alert
        type="info"
        showIcon
        title={<FormattedMessage id="updateAvailable" />}
        action={
          <Flex gap={8} wrap>
            <Button size="small" onClick={() => dispatch(pwaActions.updateDismissed())}>
              <FormattedMessage id="updateLater" />
            </Button>
            <Button
              size="small"
              type="primary"
              loading={update === 'applying'}
              onClick={() => dispatch(pwaActions.updateAccepted())}
            >
              <FormattedMessage id="updateRefresh" />
            </Button>
          </Flex>
        }
      />
    </div>
  )
}
