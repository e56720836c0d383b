// CISA's Known Exploited Vulnerabilities catalogue (issue 9 "Enrichment"; spec report-page §2 KEV
// badge Exploited/Listed, §3 Advice kevEntry): the JSON feed's `vulnerabilities`, one entry per CVE.
// Exploited = knownRansomwareCampaignUse 'Known', otherwise Listed (see KevEntry). Bad entries → warnings.
import type { Warning } from '../model'
import type { EnrichmentParse, KevEntry } from './types'

const CVE = /^CVE-\d{4}-\d{4,}$/i
const DATE = /^\d{4}-\d{2}-\d{2}$/

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)

/** 1-based line of the entry naming `cve` in the document, when it can be found. */
function lineOf(doc: string, cve: string, lineStarts: number[]): number | undefined {
  const at = doc.indexOf(`"${cve}"`)
  if (at === -1) return undefined
  let lo = 0
  let hi = lineStarts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (lineStarts[mid]! <= at) lo = mid
    else hi = mid - 1
  }
  return lo + 1
}

export function parseKevJson(
  doc: string,
  file = 'known_exploited_vulnerabilities.json',
): EnrichmentParse<KevEntry> {
  const warnings: Warning[] = []
  let parsed: unknown
  try {
    parsed = JSON.parse(doc)
  } catch (error) {
    warnings.push({ file, message: `not valid JSON (${(error as Error).message}): nothing read` })
    return { rows: [], warnings, skipped: 0, version: null }
  }
  const root = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
  const list = root.vulnerabilities
  if (!Array.isArray(list)) {
    warnings.push({ file, message: "no 'vulnerabilities' array: not a KEV catalogue, nothing read" })
    return { rows: [], warnings, skipped: 0, version: null }
  }
  const lineStarts = [0]
  for (let i = doc.indexOf('\n'); i !== -1; i = doc.indexOf('\n', i + 1)) lineStarts.push(i + 1)
  const byCve = new Map<string, KevEntry>()
  let skipped = 0
  list.forEach((item: unknown, index) => {
    const entry = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {}
    const raw = text(entry.cveID)
    // Looked up only for a warning: a search of the whole document per entry would be quadratic.
    const where = () => {
      const line = raw === null ? undefined : lineOf(doc, raw, lineStarts)
      return { file, ...(line === undefined ? {} : { line }) }
    }
    if (raw === null || !CVE.test(raw)) {
      warnings.push({
        ...where(),
        message: `vulnerabilities[${index}]: cveID ${JSON.stringify(entry.cveID ?? null)} is not a CVE id: entry skipped`,
      })
      skipped++
      return
    }
    const cve = raw.toUpperCase()
    const added = text(entry.dateAdded)
    if (added !== null && !DATE.test(added))
      warnings.push({
        ...where(),
        message: `${cve}: dateAdded '${added}' is not YYYY-MM-DD: kept without a date`,
      })
    if (byCve.has(cve))
      warnings.push({ ...where(), message: `${cve} appears again: the later entry is kept` })
    byCve.set(cve, {
      cve,
      dateAdded: added !== null && DATE.test(added) ? added : null,
      exploited: text(entry.knownRansomwareCampaignUse)?.toLowerCase() === 'known',
      vendorProject: text(entry.vendorProject),
      product: text(entry.product),
      name: text(entry.vulnerabilityName),
    })
  })
  return { rows: [...byCve.values()], warnings, skipped, version: text(root.catalogVersion) }
}
