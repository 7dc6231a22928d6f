import { Card, Empty } from 'antd'
import type { ReactNode } from 'react'
import './recordCards.css'

/** The part of an antd table column a card needs: its title, its field and how it renders. */
export interface CardColumn<T> {
  key?: string | number | bigint
  /** A text or element; a title function (antd's sorter titles) is not shown. */
  title?: unknown
  dataIndex?: unknown
  render?: (value: never, record: T, index: number) => unknown
}

/**
 * A table's rows as cards on a phone: each column a labelled line, the first one as the title.
 * The office screens' tables scroll sideways at 375 px and hide their actions otherwise.
 */
export function RecordCards<T extends { id: number }>({
  columns,
  records,
  label,
  empty,
}: {
  columns: readonly CardColumn<T>[]
  records: readonly T[]
  label: string
  empty?: ReactNode
}) {
  if (records.length === 0) return <Empty description={empty} />
  const cell = (column: CardColumn<T>, record: T, index: number) => {
    const value =
      typeof column.dataIndex === 'string' || typeof column.dataIndex === 'number'
        ? (record as unknown as Record<string | number, unknown>)[column.dataIndex]
        : undefined
    return (
      column.render ? column.render(value as never, record, index) : (value ?? '')
    ) as ReactNode
  }
  const [first, ...rest] = columns
  return (
    <ul className="record-cards" aria-label={label}>
      {records.map((record, index) => (
        <li key={record.id}>
          <Card size="small" title={cell(first, record, index)}>
            <dl className="record-card-lines">
              {rest.map((column, i) => (
                <div
                  key={String(
                    column.key ?? (typeof column.dataIndex === 'string' ? column.dataIndex : i),
                  )}
                >
                  <dt>{typeof column.title === 'function' ? null : (column.title as ReactNode)}</dt>
                  <dd>{cell(column, record, index)}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  )
}
