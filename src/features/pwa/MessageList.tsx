import { FormattedMessage } from 'react-intl'

/** A list of translated lines, one message id each (the install benefits and steps). */
export function MessageList({
  ordered = false,
  className,
  ids,
}: {
  ordered?: boolean
  className: string
  ids: readonly string[]
}) {
  const List = ordered ? 'ol' : 'ul'
  return (
    <List className={className}>
      {ids.map((id) => (
        <li key={id}>
          <FormattedMessage id={id} />
        </li>
      ))}
    </List>
  )
}
