import { HistoryOutlined } from '@ant-design/icons'
import { Card, Empty, Skeleton } from 'antd'
import { FormattedMessage, useIntl } from 'react-intl'
import { type DateLanguage, labelMark } from '../../domain'
import { LoadError } from '../../shared/RecordsView'
import { DateTime } from '../../shared/DateTime'
import { useMemberHistoryQuery, type AuditEvent } from './historyApi'
import { useHistoryText } from './historyText'
import './history.css'

/** A changed field's name and its colon, in the language's own punctuation. */
function FieldName({ label, language }: { label: string; language: DateLanguage }) {
  return (
    <span className="history-field">
      {label}
      {labelMark(language)}
    </span>
  )
}

/** One event: when, who, what, and each changed field with its value before and after. */
export function HistoryEntry({ event, showSubject }: { event: AuditEvent; showSubject?: boolean }) {
  const text = useHistoryText()
  const changes = text.changes(event)
  const creation = event.action === 'member_create'
  return (
    <li className="history-entry">
      <div className="history-entry-head">
        <DateTime value={event.at} />
        <span className="history-actor">{text.actor(event)}</span>
        <span className="history-action">{text.actionName(event.action)}</span>
        {showSubject && text.subject(event) && (
          <span className="history-subject">{text.subject(event)}</span>
        )}
      </div>
      {changes.length > 0 && creation && (
        <details className="history-details">
          <summary>
            <FormattedMessage id="historyFieldsFilled" values={{ count: changes.length }} />
          </summary>
          <ul className="history-changes">
            {changes.map((change) => (
              <li key={change.field}>
                <FieldName label={change.label} language={text.language} /> {change.after}
              </li>
            ))}
          </ul>
        </details>
      )}
      {changes.length > 0 && !creation && (
        <ul className="history-changes">
          {changes.map((change) => (
            <li key={change.field}>
              <FieldName label={change.label} language={text.language} />{' '}
              <del className="history-before">{change.before}</del>
              <span aria-hidden> → </span>
              <span className="sr-only">
                <FormattedMessage id="historyBecame" />
              </span>
              <ins className="history-after">{change.after}</ins>
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

/** The member profile's History section: who did what to this member, newest first. */
export function MemberHistory({ memberId }: { memberId: number }) {
  const intl = useIntl()
  const history = useMemberHistoryQuery(memberId)
  let body
  if (history.isLoading) body = <Skeleton active paragraph={{ rows: 3 }} />
  else if (history.isError)
    body = <LoadError titleId="fetchHistoryError" onRetry={() => void history.refetch()} />
  else if (!history.data?.items.length)
    body = <Empty description={<FormattedMessage id="historyEmpty" />} />
  else
    body = (
      <ol className="history-list" aria-label={intl.formatMessage({ id: 'history' })}>
        {history.data.items.map((event) => (
          <HistoryEntry key={event.seq} event={event} />
        ))}
      </ol>
    )
  return (
    <Card
      className="member-history"
      title={
        <span>
          <HistoryOutlined aria-hidden /> <FormattedMessage id="history" />
        </span>
      }
    >
      {body}
    </Card>
  )
}
