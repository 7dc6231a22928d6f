import { UserOutlined } from '@ant-design/icons'
import { App, Avatar, Button, Empty, Flex, List, Progress, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { AdminScreen } from '../../shared/AdminScreen'
import { Notice } from '../../shared/Notice'
import { DateTime } from '../../shared/DateTime'
import { selectCurrentUser } from '../auth'
import { type QueueItem, selectQueue } from './offlineSlice'
import { getRegistration } from './queueStore'
import { QueueStorageNotice } from './QueueStorageNotice'
import { discardQueued, loadQueue, sendQueue } from './sync'
import './offline.css'

/** The queued photo as a thumbnail, read from IndexedDB (the store never holds it). */
function Thumbnail({ owner, id, name }: { owner: number; id: string; name: string }) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    let made: string | null = null
    let live = true
    void getRegistration(owner, id).then((entry) => {
      if (!live || !entry?.photo) return
      made = URL.createObjectURL(entry.photo)
      setUrl(made)
    })
    return () => {
      live = false
      if (made) URL.revokeObjectURL(made)
    }
  }, [owner, id])
  return url ? (
    <Avatar size={56} shape="square" src={url} alt={name} />
  ) : (
    <Avatar size={56} shape="square" icon={<UserOutlined />} />
  )
}

/** /queue: the registrations saved on this device, waiting to be sent (issue 30). */
export default function QueueScreen() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const { modal } = App.useApp()
  const navigate = useNavigate()
  const user = useAppSelector(selectCurrentUser)
  const { items, status, progress, problem } = useAppSelector(selectQueue)
  useEffect(() => {
    void dispatch(loadQueue())
  }, [dispatch])
  const sending = status === 'sending'

  const confirmDiscard = (item: QueueItem) =>
    modal.confirm({
      title: intl.formatMessage({ id: 'queueDiscardConfirm' }, { name: item.name }),
      okText: intl.formatMessage({ id: 'queueDiscard' }),
      okButtonProps: { danger: true },
      cancelText: intl.formatMessage({ id: 'cancel' }),
      onOk: () => dispatch(discardQueued(item.id)),
    })

  return (
    <AdminScreen
      id="queue-title"
      className="queue-screen"
      titleId="queueTitle"
      note={intl.formatMessage({ id: 'queueIntro' })}
    >
      {sending && progress && (
        <div role="status" className="queue-progress">
          <Typography.Text>
            {intl.formatMessage(
              { id: 'queueSending' },
              { done: progress.done, total: progress.total },
            )}
          </Typography.Text>
          <Progress
            percent={Math.round((progress.done / Math.max(progress.total, 1)) * 100)}
            showInfo={false}
          />
        </div>
      )}
      {status === 'sent' && items.length === 0 && (
        <Notice type="success" role="status" titleId="queueAllSent" />
      )}
      {problem === 'unreachable' && (
        <Notice type="warning" role="status" titleId="queueUnreachable" />
      )}
      <QueueStorageNotice />
      {items.length === 0 ? (
        <Empty description={intl.formatMessage({ id: 'queueEmpty' })} />
      ) : (
        <>
          <Flex justify="end" className="queue-actions">
            <Button type="primary" loading={sending} onClick={() => void dispatch(sendQueue())}>
              {intl.formatMessage({ id: 'queueSendAll' })}
            </Button>
          </Flex>
          <List
            className="queue-list"
            dataSource={items}
            rowKey="id"
            renderItem={(item) => (
              <List.Item
                actions={[
                  <Button
                    key="edit"
                    disabled={sending}
                    aria-label={intl.formatMessage({ id: 'queueEditNamed' }, { name: item.name })}
                    onClick={() => navigate(`/registration?queued=${encodeURIComponent(item.id)}`)}
                  >
                    {intl.formatMessage({ id: 'edit' })}
                  </Button>,
                  <Button
                    key="send"
                    disabled={sending}
                    onClick={() => void dispatch(sendQueue(item.id))}
                  >
                    {intl.formatMessage({ id: 'queueSendNow' })}
                  </Button>,
                  <Button
                    key="discard"
                    danger
                    disabled={sending}
                    onClick={() => confirmDiscard(item)}
                  >
                    {intl.formatMessage({ id: 'queueDiscard' })}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  avatar={user && <Thumbnail owner={user.id} id={item.id} name={item.name} />}
                  title={item.name}
                  description={
                    <>
                      <div>
                        {intl.formatMessage(
                          { id: 'queueSavedAt' },
                          { time: <DateTime key="t" value={item.savedAt} /> },
                        )}
                      </div>
                      {item.household && (
                        <div>
                          {intl.formatMessage(
                            { id: 'familyJoinsWhenSent' },
                            {
                              household: item.household.name,
                              role: intl.formatMessage({
                                id: `option.household_role.${item.household.role}`,
                              }),
                            },
                          )}
                        </div>
                      )}
                      {item.lastError && (
                        <Typography.Text type="danger">
                          {intl.formatMessage({ id: 'queueRefused' }, { message: item.lastError })}
                        </Typography.Text>
                      )}
                    </>
                  }
                />
              </List.Item>
            )}
          />
        </>
      )}
    </AdminScreen>
  )
}
