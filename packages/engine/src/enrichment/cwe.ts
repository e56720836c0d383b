// CWE names (issue 9 "Enrichment"; spec report-page §7 GET /api/v1/vulns/cwe/{cweNumber}): a CSV of
// MITRE's CWE list, either 'cwe_id,name' ('CWE-79' or 79) or MITRE's own export ('CWE-ID,Name,…,
// Description,…'). Columns are found by their header; bad lines become warnings naming the line.
import type { Warning } from '../model'
import { readCsv } from './csv'
import type { CweEntry, EnrichmentParse } from './types'

const ID = /^(?:CWE-)?(\d{1,7})$/i

/** 79 for 'CWE-79', 'cwe-79' or '79'; null for anything else. */
export function cweNumberOf(text: string): number | null {
  const m = ID.exec(text.trim())
  return m ? Number(m[1]) : null
}

export function parseCweCsv(text: string, file = 'cwe.csv'): EnrichmentParse<CweEntry> {
  const { rows } = readCsv(text)
  const warnings: Warning[] = []
  const header = rows[0]
  if (!header) return { rows: [], warnings, skipped: 0, version: null }
  const names = header.fields.map((f) =>
    f
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, ''),
  )
  const idCol = names.findIndex((n) => n === 'cweid' || n === 'id')
  const nameCol = names.indexOf('name')
  const descCol = names.indexOf('description')
  if (idCol === -1 || nameCol === -1) {
    warnings.push({ file, line: header.line, message: "no 'cwe_id,name' header: the file is not a CWE list" })
    return { rows: [], warnings, skipped: 0, version: null }
  }
  const byId = new Map<number, CweEntry>()
  let skipped = 0
  for (const row of rows.slice(1)) {
    const rawId = row.fields[idCol] ?? ''
    const id = cweNumberOf(rawId)
    if (id === null) {
      warnings.push({
        file,
        line: row.line,
        message: `'${rawId.slice(0, 40)}' is not a CWE id: line skipped`,
      })
      skipped++
      continue
    }
    const name = row.fields[nameCol]?.trim() ?? ''
    if (name === '') {
      warnings.push({ file, line: row.line, message: `CWE-${id} has no name: line skipped` })
      skipped++
      continue
    }
    const description = descCol === -1 ? '' : (row.fields[descCol]?.trim() ?? '')
    if (byId.has(id))
      warnings.push({ file, line: row.line, message: `CWE-${id} appears again: this later line is kept` })
    byId.set(id, { id, name, description: description === '' ? null : description })
  }
  return { rows: [...byId.values()], warnings, skipped, version: null }
}
