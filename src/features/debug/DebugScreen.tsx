import { ArrowLeftOutlined, ClearOutlined } from '@ant-design/icons'
import { Button, Card, Descriptions, Flex, Space, Tag, Typography } from 'antd'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import { PreferenceControls } from '../preferences'
import { clearDeviceDataAndReload } from './clearDeviceData'
import {
  type DebugResult,
  useDebugHealthMutation,
  useDebugTestDbMutation,
  useDebugTestLoginMutation,
} from './debugApi'

function ResultView({ result }: { result?: DebugResult }) {
  const intl = useIntl()
  if (!result) return null
  const ok = typeof result.status === 'number' && result.status < 400
  return (
    <div role="status" style={{ marginTop: 12 }}>
      <Tag color={ok ? 'success' : 'error'}>
        {intl.formatMessage({ id: 'httpStatus' }, { status: String(result.status) })}
      </Tag>
      <pre className="debug-json">{JSON.stringify(result.body, null, 2)}</pre>
    </div>
  )
}

function Probe({
  labelId,
  useProbe,
}: {
  labelId: string
  useProbe: typeof useDebugHealthMutation
}) {
  const [run, { data, isLoading }] = useProbe()
  return (
    <Card size="small">
      <Button type="primary" loading={isLoading} onClick={() => void run()}>
        <FormattedMessage id={labelId} />
      </Button>
      <ResultView result={data} />
    </Card>
  )
}

export default function DebugScreen() {
  return (
    <main id="main" className="debug-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Link to="/login">
          <ArrowLeftOutlined /> <FormattedMessage id="backToLogin" />
        </Link>
        <PreferenceControls />
      </Flex>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        <FormattedMessage id="debugTitle" />
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        <FormattedMessage id="debugIntro" />
      </Typography.Paragraph>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          {
            key: 'base',
            label: <FormattedMessage id="apiBaseAddress" />,
            children: <code>{window.location.origin}</code>,
          },
        ]}
      />
      <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }} size={12}>
        <Probe labelId="testHealth" useProbe={useDebugHealthMutation} />
        <Probe labelId="testDatabase" useProbe={useDebugTestDbMutation} />
        <Probe labelId="testLogin" useProbe={useDebugTestLoginMutation} />
      </Space>
      <Card style={{ marginTop: 24 }} title={<FormattedMessage id="cacheManagement" />}>
        <Typography.Paragraph type="secondary">
          <FormattedMessage id="cacheManagementHelp" />
        </Typography.Paragraph>
        <Button
          danger
          icon={<ClearOutlined aria-hidden />}
          onClick={() => void clearDeviceDataAndReload()}
        >
          <FormattedMessage id="clearCacheReload" />
        </Button>
      </Card>
    </main>
  )
}
