import { Typography } from 'antd'
import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import './screenSection.css'

/**
 * A full screen (home, import): a section labelled by its h1, with the screen's one action
 * beside the title, wrapping beneath it on a narrow screen.
 */
export function ScreenSection({
  id,
  className,
  titleId,
  titleClassName,
  action,
  children,
}: {
  /** The title's element id, which labels the section. */
  id: string
  className: string
  titleId: string
  titleClassName?: string
  action: ReactNode
  children: ReactNode
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <div className="screen-header">
        <Typography.Title
          level={1}
          id={id}
          className={titleClassName ? `screen-title ${titleClassName}` : 'screen-title'}
        >
          <FormattedMessage id={titleId} />
        </Typography.Title>
        {action}
      </div>
      {children}
    </section>
  )
}
