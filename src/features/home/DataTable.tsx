import { useIntl } from 'react-intl'

export interface DataRow {
  key: string
  label: string
  n: number
}

/**
 * A chart's numbers as a table for screen readers (the drawing itself is hidden from them). The
 * hiding box is a block around the table: a table ignores the 1 px box and its overflow would
 * lengthen the page by its own height under the charts.
 */
export function DataTable({
  caption,
  rows,
  labelHeader = 'homeCategory',
}: {
  caption: string
  rows: readonly DataRow[]
  labelHeader?: string
}) {
  const intl = useIntl()
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage({ id: labelHeader })}</th>
            <th scope="col">{intl.formatMessage({ id: 'homeCount' })}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{intl.formatNumber(row.n)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
