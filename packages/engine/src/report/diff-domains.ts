// Per-domain diff entries (spec report-page §3 "Diff entries", §4 "Report differences"): security
// (new and fixed vulnerabilities, exclusion added or removed), stability (lanes and exclusions) and
// licensing (licences, violated policies, exclusions). Rows pair by library first by version.
import type { DiffEntry } from './diff'
import { pairRows } from './diff-pairs'
import type { Advice, LicensingResult, ReportDocument, StabilityVersion } from './document'

interface AdviceRow {
  library: string
  language: string
  version: string
  advice: Advice
}

const excluded = (x: { exclusions?: unknown[] }) => (x.exclusions?.length ?? 0) > 0

function exclusionChange(
  before: boolean,
  after: boolean,
): Pick<DiffEntry, 'exclusion' | 'exclusionRemoved'> | null {
  if (before === after) return null
  return after ? { exclusion: true } : { exclusionRemoved: true }
}

function advicesOf(doc: ReportDocument | null): AdviceRow[] {
  return (doc?.security.assessments ?? []).flatMap((a) =>
    a.reports.flatMap((r) =>
      r.advices.map((advice) => ({
        library: r.dependency.library.name,
        language: r.dependency.library.language,
        version: r.dependency.version,
        advice,
      })),
    ),
  )
}

export function diffSecurity(from: ReportDocument | null, to: ReportDocument): DiffEntry[] {
  const entryOf = (row: AdviceRow, reason: DiffEntry['reason']): DiffEntry => ({
    library: row.library,
    version: row.version,
    language: row.language,
    reason,
    id: row.advice.id,
    severity: row.advice.severity,
    cve: row.advice.cve,
  })
  const { pairs, removed, added } = pairRows(advicesOf(from), advicesOf(to), (r) => ({
    group: `${r.language}/${r.library}/${r.advice.id}`,
    version: r.version,
  }))
  const out: DiffEntry[] = [
    ...added.map((r) => entryOf(r, 'added')),
    ...removed.map((r) => entryOf(r, 'removed')),
  ]
  for (const [a, b] of pairs) {
    const change = exclusionChange(excluded(a.advice), excluded(b.advice))
    if (change) out.push({ ...entryOf(b, 'updated'), ...change })
  }
  return out
}

interface StabilityRow {
  language: string
  row: StabilityVersion
}

const outdated = (v: StabilityVersion) =>
  v.newPatchVersionAvailable || v.newMinorVersionAvailable || v.newMajorVersionAvailable

export function diffStability(from: ReportDocument | null, to: ReportDocument): DiffEntry[] {
  const rowsOf = (doc: ReportDocument | null): StabilityRow[] =>
    (doc?.stability.reports ?? []).flatMap((r) => r.versions.map((row) => ({ language: r.language, row })))
  const entryOf = (r: StabilityRow, reason: DiffEntry['reason']): DiffEntry => ({
    library: r.row.name,
    version: r.row.version,
    language: r.language,
    reason,
    patch: r.row.latestPatch,
  })
  const { pairs, removed, added } = pairRows(rowsOf(from), rowsOf(to), (r) => ({
    group: `${r.language}/${r.row.name}`,
    version: r.row.version,
  }))
  const out: DiffEntry[] = [
    ...added.filter((r) => outdated(r.row)).map((r) => entryOf(r, 'added')),
    ...removed.filter((r) => outdated(r.row)).map((r) => entryOf(r, 'removed')),
  ]
  for (const [a, b] of pairs) {
    const change = exclusionChange(excluded(a.row), excluded(b.row))
    const lanes =
      outdated(a.row) !== outdated(b.row) ||
      a.row.latestPatch !== b.row.latestPatch ||
      a.row.latestMinor !== b.row.latestMinor ||
      a.row.latestMajor !== b.row.latestMajor
    if (change || lanes) out.push({ ...entryOf(b, 'updated'), ...(change ?? {}) })
  }
  return out
}

interface LicensingRow {
  language: string
  result: LicensingResult
}

function setDiff(a: readonly string[], b: readonly string[]) {
  return { added: b.filter((x) => !a.includes(x)), removed: a.filter((x) => !b.includes(x)) }
}

export function diffLicensing(from: ReportDocument | null, to: ReportDocument): DiffEntry[] {
  const rowsOf = (doc: ReportDocument | null): LicensingRow[] =>
    (doc?.licensing.reports ?? []).flatMap((r) =>
      r.results.map((result) => ({ language: r.language, result })),
    )
  const licences = (r: LicensingRow) => r.result.licenses.map((l) => l.id)
  const policies = (r: LicensingRow) => [...new Set(r.result.violations.map((v) => v.policyName))]
  const hasIssue = (r: LicensingRow) => r.result.violations.length > 0 || r.result.warnings.length > 0
  const entryOf = (r: LicensingRow, reason: DiffEntry['reason']): DiffEntry => ({
    library: r.result.library.name,
    version: r.result.version,
    language: r.language,
    reason,
    licenses: licences(r),
    policies: policies(r),
  })
  const { pairs, removed, added } = pairRows(rowsOf(from), rowsOf(to), (r) => ({
    group: `${r.language}/${r.result.library.name}`,
    version: r.result.version,
  }))
  const out: DiffEntry[] = [
    ...added.filter(hasIssue).map((r) => entryOf(r, 'added')),
    ...removed.filter(hasIssue).map((r) => entryOf(r, 'removed')),
  ]
  for (const [a, b] of pairs) {
    const diffLicenses = setDiff(licences(a), licences(b))
    const diffPolicies = setDiff(policies(a), policies(b))
    const change = exclusionChange(excluded(a.result), excluded(b.result))
    const licencesChanged = diffLicenses.added.length + diffLicenses.removed.length > 0
    const policiesChanged = diffPolicies.added.length + diffPolicies.removed.length > 0
    if (!change && !licencesChanged && !policiesChanged) continue
    out.push({ ...entryOf(b, 'updated'), diffLicenses, diffPolicies, ...(change ?? {}) })
  }
  return out
}
