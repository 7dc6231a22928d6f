import { DownloadOutlined } from '@ant-design/icons'
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
} from 'antd'
import { type ReactNode, useMemo, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useSearchParams } from 'react-router'
import { useAppSelector } from '../../app/hooks'
import { AdminScreen } from '../../shared/AdminScreen'
import { MenuButton } from '../../shared/MenuButton'
import { useDebouncedText } from '../../shared/useDebouncedText'
import { LoadError } from '../../shared/RecordsView'
import { useAccountsQuery } from '../accounts'
import { useDownload } from '../../shared/useDownload'
import { DualCalendarDateInput } from '../memberForm'
import { selectCalendar, selectLanguage } from '../preferences'
import {
  AUDIT_ACTIONS,
  type AuditFilters,
  auditExportUrl,
  useAuditInfiniteQuery,
} from './historyApi'
import { HistoryEntry } from './MemberHistory'
import { useHistoryText } from './historyText'
import './history.css'

/** The server's limit on the member name filter. */
const MEMBER_NAME_MAX = 100

const positive = (raw: string | null) => {
  const n = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : 0
  return n > 0 ? n : undefined
}

/** The filters live in the address, so a filtered history can be bookmarked or linked to. */
function useAuditFilters(): [AuditFilters, (next: AuditFilters) => void] {
  const [params, setParams] = useSearchParams()
  const filters: AuditFilters = {
    actor: positive(params.get('actor')),
    action: (AUDIT_ACTIONS as readonly string[]).includes(params.get('action') ?? '')
      ? (params.get('action') as string)
      : undefined,
    member_id: positive(params.get('member_id')),
    from: /^\d{4}-\d{2}-\d{2}$/.test(params.get('from') ?? '') ? params.get('from')! : undefined,
    to: /^\d{4}-\d{2}-\d{2}$/.test(params.get('to') ?? '') ? params.get('to')! : undefined,
    member_name: params.get('member_name')?.trim().slice(0, MEMBER_NAME_MAX) || undefined,
    hide_sign_ins: params.get('hide_sign_ins') === 'true' || undefined,
  }
  const set = (next: AuditFilters) => {
    const search = new URLSearchParams()
    for (const [key, value] of Object.entries(next)) {
      if (value !== undefined && value !== '') search.set(key, String(value))
    }
    setParams(search, { replace: true })
  }
  return [filters, set]
}

/** One filter of the first row: a third of the width on a wide screen, labelled. */
// Four filters, then the two dates, then the check: even rows of four, two and one on a wide
// screen (three to a row left the fourth alone beside a date), two to a row on a tablet.
function FilterCell({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Col xs={24} sm={12} xl={6}>
      <Form.Item label={label} htmlFor={id}>
        {children}
      </Form.Item>
    </Col>
  )
}

/** The two ends of the date range filter, each a date field of its own. */
const DATE_BOUNDS = [
  { bound: 'from', labelId: 'historyFrom' },
  { bound: 'to', labelId: 'historyTo' },
] as const

/** Issue 25: the whole history, for admins and auditors, with filters and an .xlsx/.csv export. */
export default function HistoryScreen() {
  const intl = useIntl()
  const t = (id: string) => intl.formatMessage({ id })
  const [filters, setFilters] = useAuditFilters()
  const accounts = useAccountsQuery()
  const audit = useAuditInfiniteQuery(filters)
  const text = useHistoryText()
  const lang = useAppSelector(selectLanguage)
  const calendar = useAppSelector(selectCalendar)
  const download = useDownload()
  const events = useMemo(() => audit.data?.pages.flatMap((page) => page.items) ?? [], [audit.data])
  const [memberDraft, setMemberDraft] = useState<number | null>(filters.member_id ?? null)
  const change = (patch: AuditFilters) => setFilters({ ...filters, ...patch })
  const [memberName, setMemberName] = useDebouncedText(
    filters.member_name ?? '',
    (text) => change({ member_name: text.trim() || undefined }),
    400,
  )
  const badRange = Boolean(filters.from && filters.to && filters.from > filters.to)

  let body
  if (audit.isLoading) body = <Skeleton active paragraph={{ rows: 6 }} />
  else if (audit.isError && events.length === 0) body = null
  else if (events.length === 0)
    body = <Empty description={<FormattedMessage id="historyEmpty" />} />
  else
    body = (
      <ol className="history-list" aria-label={t('history')}>
        {events.map((event) => (
          <HistoryEntry key={event.seq} event={event} showSubject />
        ))}
      </ol>
    )

  return (
    <AdminScreen
      id="history-title"
      titleId="history"
      action={
        <MenuButton
          label={t('historyExport')}
          text={t('historyExport')}
          bordered
          icon={<DownloadOutlined aria-hidden />}
          loading={download.busy !== null}
          items={[
            { key: 'xlsx', label: t('exportXlsx') },
            { key: 'csv', label: t('exportCsv') },
          ]}
          onSelect={(key) => {
            const format = key === 'csv' ? 'csv' : 'xlsx'
            const url = auditExportUrl(format, filters, lang, calendar)
            void download.start(format, url, `abal-history.${format}`)
          }}
        />
      }
    >
      {download.error && (
        <Alert type="error" showIcon className="admin-screen-alert" title={t(download.error)} />
      )}
      <Form layout="vertical" component="div" className="history-filters">
        <Row gutter={[12, 12]}>
          <FilterCell id="history-actor" label={t('historyAccount')}>
            <Select<number>
              id="history-actor"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('historyAnyAccount')}
              value={filters.actor}
              loading={accounts.isLoading}
              onChange={(actor) => change({ actor })}
              options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.username }))}
            />
          </FilterCell>
          <FilterCell id="history-action" label={t('historyAction')}>
            <Select<string>
              id="history-action"
              allowClear
              placeholder={t('historyAnyAction')}
              value={filters.action}
              onChange={(action) => change({ action })}
              options={AUDIT_ACTIONS.map((action) => ({
                value: action,
                label: text.actionName(action),
              }))}
            />
          </FilterCell>
          <FilterCell id="history-member-name" label={t('historyMemberName')}>
            <Input
              id="history-member-name"
              allowClear
              maxLength={MEMBER_NAME_MAX}
              placeholder={t('historyAnyMember')}
              value={memberName}
              onChange={(event) => setMemberName(event.target.value)}
            />
          </FilterCell>
          <FilterCell id="history-member" label={t('historyMemberId')}>
            <InputNumber<number>
              id="history-member"
              min={1}
              max={999999999}
              precision={0}
              style={{ width: '100%' }}
              value={memberDraft}
              onChange={setMemberDraft}
              onBlur={() => change({ member_id: memberDraft ?? undefined })}
              onPressEnter={() => change({ member_id: memberDraft ?? undefined })}
            />
          </FilterCell>
          {DATE_BOUNDS.map(({ bound, labelId }) => (
            <Col key={bound} xs={24} sm={12}>
              <DualCalendarDateInput
                id={`history-${bound}`}
                label={t(labelId)}
                value={filters[bound]}
                onChange={(date) => change({ [bound]: date ?? undefined })}
                // A range ending before it starts is pointed out at its end.
                error={bound === 'to' && badRange ? t('historyBadRange') : undefined}
              />
            </Col>
          ))}
          <Col span={24}>
            <Checkbox
              checked={filters.hide_sign_ins === true}
              onChange={(event) => change({ hide_sign_ins: event.target.checked || undefined })}
            >
              {t('historyHideSignIns')}
            </Checkbox>
          </Col>
        </Row>
      </Form>
      {audit.isError && (
        <LoadError title={t('fetchHistoryError')} onRetry={() => void audit.refetch()} />
      )}
      <div aria-busy={audit.isFetching}>{body}</div>
      {audit.hasNextPage && !audit.isError && (
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Button loading={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
            <FormattedMessage id="historyLoadMore" />
          </Button>
        </Flex>
      )}
    </AdminScreen>
  )
}
