// Pure rules of the project history (report-page §2 "Project history section", §9): the 'Last N
// reports' options in steps of 5 plus 'All reports' (only with more than 5), the window of entries,
// and tick labels (date and time apart when 10 or fewer points; relative time within 7 days).
import type { HistoryEntry } from '@sextant/contract'
import { formatRelative } from '../../lib/format'

export const HISTORY_STEP = 5
export const ALL_REPORTS = 'all'

export function historyOptions(count: number): { value: string; label: string }[] {
  if (count <= HISTORY_STEP) return []
  const options: { value: string; label: string }[] = []
  for (let n = HISTORY_STEP; n < count; n += HISTORY_STEP)
    options.push({ value: String(n), label: `Last ${n} reports` })
  options.push({ value: ALL_REPORTS, label: 'All reports' })
  return options
}

/** Entries to chart, oldest first; history arrives newest first. */
export function historyWindow(history: HistoryEntry[], choice: string): HistoryEntry[] {
  const n = choice === ALL_REPORTS ? history.length : Number(choice) || HISTORY_STEP
  return history.slice(0, n).reverse()
}

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

/** Local date and time on two lines when few points are shown, else the date only. */
export function tickLabel(iso: string, points: number): string | string[] {
  const d = new Date(iso)
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
  return points <= 10 ? [date, `${pad(d.getHours())}:${pad(d.getMinutes())}`] : date
}

/** Within 7 days relative ('3 hours ago'), older a local date. */
export function entryWhen(iso: string, now = new Date()): string {
  const elapsed = now.getTime() - new Date(iso).getTime()
  if (elapsed >= 0 && elapsed < 7 * 86_400_000) return formatRelative(iso, now)
  return new Date(iso).toLocaleDateString()
}
