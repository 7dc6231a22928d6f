// The home screen's charts: recharts (SVG, React components), in a chunk of its own that only
// this screen loads. Each chart is hidden from screen readers, which read its table instead.
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
} from 'recharts'
import { DataTable, type DataRow } from './DataTable'
import type { MemberStats } from './homeApi'
import { useHomeLabels } from './homeLabels'

const PALETTE = ['#1976d2', '#2e7d32', '#ef6c00', '#8e24aa', '#00838f', '#c62828', '#6d4c41']

interface ChartProps {
  title: string
  rows: DataRow[]
  labelHeader?: string
  /** Horizontal bars (long labels such as ministries). */
  horizontal?: boolean
  /** Month names: written at a slant under their bars. */
  slanted?: boolean
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

function BarsChart({
  title,
  rows,
  labelHeader,
  horizontal,
  slanted,
  onSelect,
  colorful,
}: ChartProps) {
  const { token } = theme.useToken()
  const intl = useIntl()
  const axis = { fill: token.colorTextSecondary, fontSize: 12 }
  const height = horizontal ? Math.max(160, rows.length * 26 + 30) : slanted ? 260 : 220
  return (
    <ChartCard title={title}>
      <div aria-hidden="true" className="home-chart-drawing">
        <ResponsiveContainer width="100%" height={height}>
          <BarChart
            data={rows}
            layout={horizontal ? 'vertical' : 'horizontal'}
            margin={{ top: 8, right: 16, bottom: slanted ? 8 : 0, left: horizontal ? 8 : -16 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" />
            {horizontal ? (
              <>
                <XAxis type="number" allowDecimals={false} tick={axis} stroke={token.colorBorder} />
                <YAxis
                  type="category"
                  dataKey="label"
                  width={120}
                  tick={axis}
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
                  angle={slanted ? -40 : 0}
                  textAnchor={slanted ? 'end' : 'middle'}
                  height={slanted ? 80 : 30}
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
      />
      <BarsChart
        title={t('homeRegistrations')}
        labelHeader="homeMonth"
        slanted
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
