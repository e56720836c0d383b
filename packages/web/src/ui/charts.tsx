// Chart primitives over Chart.js via react-chartjs-2 (DESIGN §6): a doughnut with its legend at the
// bottom (report-page §9 "Chart defaults": height 150, width 300) and a line chart of 0-100 scores.
import {
  ArcElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js'
import { memo } from 'react'
import { Doughnut, Line } from 'react-chartjs-2'
import { scoreAxisLabel, X_TICKS_MAX, Y_STEP } from './score-axis'

ChartJS.register(ArcElement, CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Legend, Filler)

export const CHART_HEIGHT = 150
/** Axis labels a shade darker than Chart.js's default #666 (WCAG AA on white). */
const AXIS_COLOR = '#495057'
export const CHART_WIDTH = 300

export interface Slice {
  label: string
  value: number
  color: string
}

const sameSlices = (a: Slice[], b: Slice[]) =>
  a.length === b.length &&
  a.every((s, i) => s.label === b[i]?.label && s.value === b[i]?.value && s.color === b[i]?.color)

/**
 * Drawn again only when its slices change: Chart.js updates and repaints the canvas on every render with
 * new data (the report page re-renders its summary on each filter change and section read, issue 20).
 */
export const DoughnutChart = memo(
  DoughnutChartDrawn,
  (a, b) => a.label === b.label && sameSlices(a.slices, b.slices),
)

function DoughnutChartDrawn({ slices, label }: { slices: Slice[]; label: string }) {
  const empty = slices.every((slice) => slice.value === 0)
  return (
    <div style={{ height: CHART_HEIGHT, width: '100%', maxWidth: CHART_WIDTH }}>
      <Doughnut
        role="img"
        aria-label={label}
        data={{
          labels: slices.map((slice) => slice.label),
          datasets: [
            {
              data: empty ? [1] : slices.map((slice) => slice.value),
              backgroundColor: empty ? ['#dee2e6'] : slices.map((slice) => slice.color),
              borderWidth: 1,
            },
          ],
        }}
        options={{
          maintainAspectRatio: false,
          cutout: '62%',
          animation: false,
          plugins: {
            legend: {
              position: 'bottom',
              labels: { boxWidth: 10, font: { size: 11 }, color: AXIS_COLOR, padding: 8 },
            },
            tooltip: { enabled: !empty },
          },
        }}
      />
    </div>
  )
}

export interface LineSeries {
  label: string
  /** `null` = no value at that point (drawn as a gap, never as 0 or 100). */
  values: (number | null)[]
  color: string
  dashed?: boolean
}

interface LineChartProps {
  labels: (string | string[])[]
  series: LineSeries[]
  label: string
  height?: number
  onPointClick?: (index: number) => void
}

/** Scores on a 0-100 axis with step 5 (report-page §9 "Score axis"). */
export function ScoreLineChart({ labels, series, label, height = 300, onPointClick }: LineChartProps) {
  return (
    <div style={{ height, width: '100%' }}>
      <Line
        role="img"
        aria-label={label}
        data={{
          labels,
          datasets: series.map((s, index) => ({
            label: s.label,
            data: s.values,
            borderColor: s.color,
            backgroundColor: s.color,
            // A solid line with points over a thin dashed one: told apart where they meet or overlap.
            borderDash: s.dashed ? [6, 4] : [],
            borderWidth: s.dashed ? 1.5 : 2.5,
            pointRadius: s.dashed ? 0 : 4,
            pointHoverRadius: s.dashed ? 0 : 6,
            pointStyle: s.dashed ? 'dash' : 'circle',
            order: index === 0 ? 0 : 1,
            // A score of 0 sits on the axis line: drawn over it, not clipped to half a line.
            clip: 6,
            tension: 0.2,
          })),
        }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          interaction: { mode: 'nearest', intersect: true },
          scales: {
            // Grid lines every 5 (the spec's step), labels every 20: 21 labels on a ~210 px plot were unreadable.
            y: {
              min: 0,
              max: 100,
              ticks: {
                stepSize: Y_STEP,
                autoSkip: false,
                font: { size: 10 },
                color: AXIS_COLOR,
                callback: scoreAxisLabel,
              },
            },
            // Many reports: at most X_TICKS_MAX dates, never overlapping.
            x: {
              ticks: {
                font: { size: 11 },
                color: AXIS_COLOR,
                maxRotation: 0,
                autoSkip: true,
                autoSkipPadding: 12,
                maxTicksLimit: X_TICKS_MAX,
              },
            },
          },
          plugins: {
            legend: {
              position: 'bottom',
              labels: { usePointStyle: true, font: { size: 11 }, color: AXIS_COLOR },
            },
          },
          onClick: (_event, elements) => {
            const first = elements.find((element) => element.datasetIndex === 0)
            if (first && onPointClick) onPointClick(first.index)
          },
        }}
      />
    </div>
  )
}
