import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons'
import { skipToken } from '@reduxjs/toolkit/query'
import { Alert, Button, Result, Skeleton, Space, Typography } from 'antd'
import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate, useParams } from 'react-router'
import { serverMessage } from '../../app/api'
import { useAppSelector } from '../../app/hooks'
import { selectIsOfflineSession } from '../auth'
import { useDeviceProfile, useKeepProfileOnDevice } from './deviceList'
import { MemberProfile } from './MemberProfile'
import { useGetMemberQuery } from './membersApi'
import './members.css'

/** A route id names a member only as a positive integer. */
export function parseMemberId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null
  const id = Number(raw)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

function isNotFound(error: unknown): boolean {
  return Boolean(error && typeof error === 'object' && 'status' in error && error.status === 404)
}

function BackToMembers() {
  const navigate = useNavigate()
  return (
    <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate('/members')}>
      <FormattedMessage id="backToMembers" />
    </Button>
  )
}

/** No profile to show: the page's heading says why, then what the user can do. */
function MissingProfile({
  status,
  titleId,
  helpId,
  extra,
}: {
  status: 'info' | 'warning'
  titleId: string
  helpId: string
  extra: ReactNode
}) {
  return (
    <Result
      status={status}
      title={
        <Typography.Title level={1} className="member-not-found-title">
          <FormattedMessage id={titleId} />
        </Typography.Title>
      }
      subTitle={<FormattedMessage id={helpId} />}
      extra={extra}
    />
  )
}

/** Spec 2.7: /member/{id} and /member/edit/{id}, both opening in view mode. */
export default function MemberDetailScreen() {
  const offline = useAppSelector(selectIsOfflineSession)
  return offline ? <DeviceMemberDetail /> : <ServerMemberDetail />
}

/** An offline session after a reload: the profile as this device kept it when last opened. */
function DeviceMemberDetail() {
  const id = parseMemberId(useParams().id)
  const kept = useDeviceProfile(id)
  if (id === null) {
    return (
      <Result
        status="error"
        title={<FormattedMessage id="invalidMemberId" />}
        extra={<BackToMembers />}
      />
    )
  }
  if (kept.status === 'loading') return <Skeleton active avatar paragraph={{ rows: 8 }} />
  if (!kept.value) {
    return (
      <MissingProfile
        status="info"
        titleId="profileNotOnDevice"
        helpId="profileNotOnDeviceHelp"
        extra={<BackToMembers />}
      />
    )
  }
  return <MemberProfile key={kept.value.id} member={kept.value} onReload={() => undefined} />
}

function ServerMemberDetail() {
  const intl = useIntl()
  const id = parseMemberId(useParams().id)
  const { data, error, isLoading, refetch } = useGetMemberQuery(id ?? skipToken)
  useKeepProfileOnDevice(id, data, isNotFound(error))
  const back = <BackToMembers />

  if (id === null) {
    return <Result status="error" title={<FormattedMessage id="invalidMemberId" />} extra={back} />
  }
  if (isLoading) return <Skeleton active avatar paragraph={{ rows: 8 }} />
  if (error && isNotFound(error)) {
    return (
      <MissingProfile
        status="warning"
        titleId="memberNotFound"
        helpId="memberNotFoundHelp"
        extra={back}
      />
    )
  }
  if (error) {
    return (
      <Result
        status="error"
        title={serverMessage(error) ?? intl.formatMessage({ id: 'fetchMemberError' })}
        extra={
          <Space wrap>
            {back}
            <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void refetch()}>
              <FormattedMessage id="retry" />
            </Button>
          </Space>
        }
      />
    )
  }
  if (!data || typeof data !== 'object' || !('id' in data)) {
    return <Alert type="error" showIcon title={<FormattedMessage id="noMemberData" />} />
  }
  return <MemberProfile key={data.id} member={data} onReload={() => void refetch()} />
}
