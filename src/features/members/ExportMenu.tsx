import { DownloadOutlined } from '@ant-design/icons'
import { Typography } from 'antd'
import { useIntl } from 'react-intl'
import { useAppSelector } from '../../app/hooks'
import type { StatusFilter } from '../../domain'
import { MenuButton } from '../../shared/MenuButton'
import { useDownload } from '../../shared/useDownload'
import { selectCalendar, selectLanguage } from '../preferences'

export interface ExportListArgs {
  q: string
  status: StatusFilter
  /** Whose members (`mine`, an account id or `all`), as the list shows them. */
  owner?: string
}

/** GET /api/members/export for the list as shown: its search, status and whose members. */
export function exportUrl(
  format: 'xlsx' | 'csv',
  { q, status, owner }: ExportListArgs,
  lang: string,
  calendar: string,
): string {
  const params = new URLSearchParams({ format, lang, calendar })
  if (q.trim()) params.set('q', q.trim())
  if (status !== 'all') params.set('status', status)
  if (owner) params.set('owner', owner)
  return `api/members/export?${params.toString()}`
}

/** Issue 24: the member list, as it is filtered now, as .xlsx or .csv in the user's language. */
export function ExportMenu({ list, compact }: { list: ExportListArgs; compact: boolean }) {
  const intl = useIntl()
  const lang = useAppSelector(selectLanguage)
  const calendar = useAppSelector(selectCalendar)
  const download = useDownload()
  const label = intl.formatMessage({ id: 'exportMembers' })
  return (
    <span className="member-export">
      <MenuButton
        label={label}
        text={compact ? undefined : label}
        bordered={!compact}
        icon={<DownloadOutlined aria-hidden />}
        loading={download.busy !== null}
        items={[
          { key: 'xlsx', label: intl.formatMessage({ id: 'exportXlsx' }) },
          { key: 'csv', label: intl.formatMessage({ id: 'exportCsv' }) },
        ]}
        onSelect={(key) => {
          const format = key === 'csv' ? 'csv' : 'xlsx'
          void download.start(
            format,
            exportUrl(format, list, lang, calendar),
            `abal-members.${format}`,
          )
        }}
      />
      {download.error && (
        <Typography.Text type="danger" role="alert" className="member-export-error">
          {intl.formatMessage({ id: download.error })}
        </Typography.Text>
      )}
    </span>
  )
}
