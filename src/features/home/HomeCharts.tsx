// The home screen's charts: recharts (SVG, React components), in a chunk of its own that only
// this screen loads. Each chart is hidden from screen readers, which read its table instead.
// Charts whose labels are long (statuses, months, ministries) lay their bars across, with each
// label wrapped beside its bar: under upright bars they overlapped or were cut at the edge.
import { Card, theme } from 'antd'
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type YAxisTickContentProps,
} from 'recharts'
import { labelColumnWidth, wrapLabel } from './chartLabels'
import { DataTable, type DataRow } from './DataTable'
import type { MemberStats } from './homeApi'
import { useHomeLabels } from './homeLabels'

const PALETTE = ['#1976d2', '#2e7d32', '#ef6c00', '#8e24aa', '#00838f', '#c62828', '#6d4c41']

interface ChartProps {
  title: string
  rows: DataRow[]
  labelHeader?: string
  /** Horizontal bars, labels wrapped beside them (long labels: statuses, months, ministries). */
  horizontal?: boolean
  onSelect?: (key: string) => void
  colorful?: boolean
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="small" className="home-chart" title={<h2 className="home-chart-title">{title}</h2>}>
      {children}
    </Card>
  )
}

const LINE_HEIGHT = 15
const LABEL_MAX_WIDTH = 140

/** A category label beside its bar, in as many lines as it needs. */
function WrappedTick(props: {
  x?: number | string
  y?: number | string
  payload?: { value?: unknown }
  fill?: string
  width: number
}) {
  const lines = wrapLabel(String(props.payload?.value ?? ''), props.width - 12)
  const x = Number(props.x ?? 0)
  return (
    <text
      x={x}
      y={Number(props.y ?? 0)}
      textAnchor="end"
      dominantBaseline="central"
      fill={props.fill}
      fontSize={12}
    >
      {lines.map((line, i) => (
        <tspan key={i} x={x} dy={i === 0 ? -((lines.length - 1) * LINE_HEIGHT) / 2 : LINE_HEIGHT}>
          {line}
        </tspan>
      ))}
    </text>
  )
}

function BarsChart({ title, rows, labelHeader, horizontal, onSelect, colorful }: ChartProps) {
  const { token } = theme.useToken()
  const intl = useIntl()
  const axis = { fill: token.colorTextSecondary, fontSize: 12 }
  const labelWidth = labelColumnWidth(
    rows.map((row) => row.label),
    LABEL_MAX_WIDTH,
  )
  const lines = Math.max(1, ...rows.map((row) => wrapLabel(row.label, labelWidth - 12).length))
  const rowHeight = Math.max(26, lines * LINE_HEIGHT + 12)
  const height = horizontal ? Math.max(120, rows.length * rowHeight + 30) : 220
  return (
    <ChartCard title={title}>
      <div aria-hidden="true" className="home-chart-drawing">
        <ResponsiveContainer width="100%" height={height}>
          <BarChart
            data={rows}
            layout={horizontal ? 'vertical' : 'horizontal'}
            margin={{ top: 8, right: 16, bottom: 0, left: horizontal ? 0 : -16 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" />
            {horizontal ? (
              <>
                <XAxis type="number" allowDecimals={false} tick={axis} stroke={token.colorBorder} />
                <YAxis
                  type="category"
                  dataKey="label"
                  width={labelWidth}
                  tick={(tick: YAxisTickContentProps) => (
                    <WrappedTick
                      x={tick.x}
                      y={tick.y}
                      payload={tick.payload}
                      fill={axis.fill}
                      width={labelWidth}
                    />
                  )}
                  stroke={token.colorBorder}
                  interval={0}
                />
              </>
            ) : (
              <>
                <XAxis
                  dataKey="label"
                  tick={axis}
                  stroke={token.colorBorder}
                  interval={0}
                  height={30}
                />
                <YAxis allowDecimals={false} tick={axis} stroke={token.colorBorder} />
              </>
            )}
            <Tooltip
              cursor={{ fill: token.colorFillTertiary }}
              contentStyle={{
                background: token.colorBgElevated,
                border: `1px solid ${token.colorBorder}`,
                color: token.colorText,
              }}
              labelStyle={{ color: token.colorText }}
              formatter={(value) => [intl.formatNumber(Number(value)), title]}
            />
            <Bar
              dataKey="n"
              fill={token.colorPrimary}
              radius={horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]}
              cursor={onSelect ? 'pointer' : undefined}
              onClick={
                onSelect
                  ? (entry) => onSelect(String((entry as { key?: string }).key ?? ''))
                  : undefined
              }
              isAnimationActive={false}
            >
              {rows.map((row, i) => (
                <Cell
                  key={row.key}
                  data-key={row.key}
                  className="home-bar"
                  fill={colorful ? PALETTE[i % PALETTE.length] : token.colorPrimary}
                />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <DataTable caption={title} rows={rows} labelHeader={labelHeader} />
    </ChartCard>
  )
}

export default function HomeCharts({
  stats,
  onStatus,
}: {
  stats: MemberStats
  onStatus: (status: string) => void
}) {
  const intl = useIntl()
  const labels = useHomeLabels()
  const t = (id: string) => intl.formatMessage({ id })
  const rows = <T extends { n: number }>(
    items: readonly T[],
    key: (item: T) => string,
    label: (key: string) => string,
  ) => items.map((item) => ({ key: key(item), label: label(key(item)), n: item.n }))

  return (
    <div className="home-charts">
      <BarsChart
        title={t('homeByStatus')}
        rows={rows(stats.by_status, (r) => r.status, labels.status)}
        onSelect={(key) => key && onStatus(key)}
        colorful
        horizontal
      />
      <BarsChart
        title={t('homeRegistrations')}
        labelHeader="homeMonth"
        horizontal
        rows={stats.registrations_by_month.map((m) => ({
          key: `${m.year}-${m.month}`,
          label: labels.month(m, stats.calendar),
          n: m.n,
        }))}
      />
      <BarsChart
        title={t('homeGender')}
        rows={rows(stats.gender, (r) => r.gender, labels.gender)}
        colorful
      />
      <BarsChart
        title={t('homeAgeBands')}
        rows={rows(
          stats.age_bands.filter((b) => b.band !== 'unknown' || b.n > 0),
          (r) => r.band,
          labels.band,
        )}
      />
      {stats.ministries.length > 0 && (
        <BarsChart
          title={t('homeMinistries')}
          horizontal
          rows={rows(stats.ministries, (r) => r.ministry, labels.ministry)}
        />
      )}
    </div>
  )
}
