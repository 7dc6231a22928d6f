import { Flex, type TableColumnType, Typography } from 'antd'
import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import './adminScreen.css'

/**
 * The frame of the office's screens (accounts, history, deleted members, the offline queue): a
 * titled section with the screen's one action beside the title, or a note beneath it.
 */
export function AdminScreen({
  id,
  className,
  titleId,
  action,
  note,
  children,
}: {
  /** The title's element id, which labels the section. */
  id: string
  /** The screen's own class, beside the frame's. */
  className?: string
  titleId: string
  action?: ReactNode
  note?: ReactNode
  children: ReactNode
}) {
  const title = (
    <Typography.Title level={2} id={id} style={{ margin: 0 }}>
      <FormattedMessage id={titleId} />
    </Typography.Title>
  )
  return (
    <section
      className={className ? `admin-screen ${className}` : 'admin-screen'}
      aria-labelledby={id}
    >
      {note ? (
        <Flex vertical gap={4} className="admin-screen-header">
          {title}
          <Typography.Text type="secondary">{note}</Typography.Text>
        </Flex>
      ) : (
        <Flex justify="space-between" align="center" wrap gap={8} className="admin-screen-header">
          {title}
          {action}
        </Flex>
      )}
      {children}
    </section>
  )
}

/** An office table's last column: each row's buttons side by side, wrapping when narrow. */
export function actionsColumn<T>(
  title: string,
  actions: (row: T) => ReactNode,
): TableColumnType<T> {
  return {
    title,
    key: 'actions',
    render: (_: unknown, row: T) => (
      <Flex gap={6} wrap>
        {actions(row)}
      </Flex>
    ),
  }
}
