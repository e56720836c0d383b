// CSV text (RFC 4180) for the CSV downloads (spec report-page §9 "CSV exports"): quoted when a cell
// holds a comma, quote or line break, quotes doubled, CRLF rows. This is the one CSV writer: the server
// serves every CSV through it, the web writes none (issue 13 item 18).
//
// CSV injection (OWASP "CSV Injection"): a text cell starting with = + - @ tab or CR is read by
// spreadsheets as a formula, so it is prefixed with a quote. Two exceptions, both unable to hold a
// formula: a text that is a number as a whole (`-1.5`, `-2e3`), and an npm scope with its
// versions (`@babel/core@7.1.0; @types/node`) made only of name characters (no parenthesis, pipe,
// bang, quote or equals sign, so no function call and no DDE link). `-2+3+cmd|' /C calc'!A0` is not
// a number as a whole, so it is defused.
export type CsvCell = string | number | boolean | null | undefined

const formulaStart = /^[=+\-@\t\r]/
const wholeNumber = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/
const npmNames = /^@[\w.~-]+\/[\w.~-]+(?:@[\w.+~-]+)?(?:[;,] ?@?[\w.~-]+(?:\/[\w.~-]+)?(?:@[\w.+~-]+)?)*$/

/** Whether a text cell would start a formula in a spreadsheet. */
export function isFormulaLike(text: string): boolean {
  return formulaStart.test(text) && !wholeNumber.test(text) && !npmNames.test(text)
}

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && isFormulaLike(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvText(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header.map(csvCell).join(',')]
  for (const row of rows) lines.push(row.map(csvCell).join(','))
  return `${lines.join('\r\n')}\r\n`
}
