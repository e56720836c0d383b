// CSV text (RFC 4180) for the CSV downloads (spec report-page §9 "CSV exports"): quoted when a cell
// holds a comma, quote or line break, quotes doubled, CRLF rows. A cell that a spreadsheet would run
// as a formula (= + tab CR; '-' before a non-digit; '@' unless an npm scope such as `@babel/core`) is
// prefixed with a quote (CSV injection).
export type CsvCell = string | number | boolean | null | undefined

const formulaStart = /^(?:[=+\t\r]|-(?!\d)|@(?![\w.~-]+\/[^\s(]+$))/

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvText(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header.map(csvCell).join(',')]
  for (const row of rows) lines.push(row.map(csvCell).join(','))
  return `${lines.join('\r\n')}\r\n`
}
