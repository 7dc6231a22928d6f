import { ReloadOutlined } from '@ant-design/icons'
import { Alert, Button, Empty, Table } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { RecordCards } from './RecordCards'
import { BELOW_MEDIUM_QUERY, useMediaQuery } from './useMediaQuery'

/**
 * The office screens' records: a table, or on a phone one card a record (the table would scroll
 * sideways at 375 px and hide its actions). The table shows the loading state itself.
 */
export function RecordsView<T extends { id: number }>({
  columns,
  records,
  loading,
  label,
  empty,
  scrollX,
}: {
  columns: ColumnsType<T>
  records: readonly T[]
  loading: boolean
  label: string
  empty?: ReactNode
  /** The table's width below which it scrolls sideways. */
  scrollX: number
}) {
  const narrow = useMediaQuery(BELOW_MEDIUM_QUERY)
  if (narrow && !loading) {
    return <RecordCards<T> columns={columns} records={records} label={label} empty={empty} />
  }
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={records}
      columns={columns}
      pagination={false}
      scroll={{ x: scrollX }}
      locale={empty ? { emptyText: <Empty description={empty} /> } : undefined}
    />
  )
}

/** A list that could not be loaded: what failed, and Retry. */
export function LoadError({
  title,
  titleId,
  onRetry,
}: ({ title: string; titleId?: never } | { title?: never; titleId: string }) & {
  onRetry: () => void
}) {
  return (
    <Alert
      type="error"
      showIcon
      className="admin-screen-alert"
      title={titleId ? <FormattedMessage id={titleId} /> : title}
      action={
        <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={onRetry}>
          <FormattedMessage id="retry" />
        </Button>
      }
    />
  )
}
