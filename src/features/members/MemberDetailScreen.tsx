import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons'
import { skipToken } from '@reduxjs/toolkit/query'
import { Alert, Button, Result, Skeleton, Space, Typography } from 'antd'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate, useParams } from 'react-router'
import { serverMessage } from '../../app/api'
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

/** Spec 2.7: /member/{id} and /member/edit/{id}, both opening in view mode. */
export default function MemberDetailScreen() {
  const intl = useIntl()
  const navigate = useNavigate()
  const id = parseMemberId(useParams().id)
  const { data, error, isLoading, refetch } = useGetMemberQuery(id ?? skipToken)
  const back = (
    <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate('/members')}>
      <FormattedMessage id="backToMembers" />
    </Button>
  )

  if (id === null) {
    return <Result status="error" title={<FormattedMessage id="invalidMemberId" />} extra={back} />
  }
  if (isLoading) return <Skeleton active avatar paragraph={{ rows: 8 }} />
  if (error && isNotFound(error)) {
    return (
      <Result
        status="warning"
        title={
          <Typography.Title level={1} className="member-not-found-title">
            <FormattedMessage id="memberNotFound" />
          </Typography.Title>
        }
        subTitle={<FormattedMessage id="memberNotFoundHelp" />}
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
