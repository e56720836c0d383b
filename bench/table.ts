// Benchmark rows and the markdown/console table they print as (DESIGN §8: figures as a table, beside a
// peer tool's where one runs here).
export interface BenchRow {
  what: string
  budget: string
  measured: string
  /** Whether the measurement meets the budget; null when the row has no budget. */
  ok: boolean | null
  peer?: string
}

export interface BenchSection {
  title: string
  command: string
  rows: BenchRow[]
  notes?: string[]
}

export function ms(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(n < 10 ? 2 : 0)} ms`
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

export function renderSection(section: BenchSection): string {
  const lines = [
    `## ${section.title}`,
    '',
    `Command: \`${section.command}\``,
    '',
    '| what | budget | measured | within budget | peer tool, same run |',
    '|---|---|---|---|---|',
    ...section.rows.map(
      (r) =>
        `| ${r.what} | ${r.budget} | ${r.measured} | ${r.ok === null ? '—' : r.ok ? 'yes' : '**no**'} | ${r.peer ?? '—'} |`,
    ),
  ]
  if (section.notes?.length) lines.push('', ...section.notes.map((n) => `- ${n}`))
  return `${lines.join('\n')}\n`
}
