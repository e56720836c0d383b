// What is new in a report since the previous one of its branch (issue 16 "Re-assessment on new data": the
// live re-check's delta; DESIGN §3 "notification rules run on what is new, after exclusions"): findings
// that appeared, security findings now listed as exploited (KEV) that were not, findings whose severity
// rose, and the gate outcome before and after. Read through reportFindings, so excluded findings are never
// part of it. Pure: both documents are passed in, or for the previous report its baseline (deltaBaseline),
// the few fields the next delta reads, stored beside the report so that a live re-check does not read the
// previous 1 MB document back (issue 16 acceptance 6).
import type { Outcome, Severity } from './document'
import { type Finding, type FindingsSource, reportFindings } from './findings'

/** A finding with what the alerts need besides its key: CVE, KEV listing and EPSS (security only). */
export interface DeltaFinding extends Finding {
  cve: string | null
  kev: boolean
  epss: number | null
}

export interface ReportDelta {
  /** Whether there was a previous report; without one nothing is "new" (the first report is the baseline). */
  hasPrevious: boolean
  newFindings: DeltaFinding[]
  /** Findings of both reports that KEV lists as exploited now and did not before. */
  newlyKev: DeltaFinding[]
  /** Findings of both reports whose severity rose (`from` is the previous one). */
  raisedSeverity: (DeltaFinding & { from: Severity })[]
  outcome: { from: Outcome | null; to: Outcome }
}

/** A report (engine or wire shape) as the delta reads it: its findings (with EPSS and KEV) and outcome. */
export interface DeltaSource extends FindingsSource {
  outcome: Outcome
}

/**
 * What the next report's delta needs of this one: its outcome and its findings with their extras, a few
 * hundred bytes per finding (a clean branch: none) against the whole document.
 */
export interface DeltaBaseline {
  outcome: Outcome
  findings: DeltaFinding[]
}

const rank: Record<Severity, number> = { NONE: 0, SUGGEST: 1, LOW: 2, MEDIUM: 3, HIGH: 4, CRITICAL: 5 }

/** Severity order for rules ("HIGH and above"); `null` (licence findings) ranks lowest. */
export function severityRank(severity: Severity | null): number {
  return severity === null ? -1 : rank[severity]
}

function withExtras(doc: DeltaSource): Map<string, DeltaFinding> {
  const extras = new Map<string, { kev: boolean; epss: number | null; cve: string | null }>()
  for (const assessment of doc.security.assessments)
    for (const r of assessment.reports)
      for (const a of r.advices) {
        const key = `security|${r.dependency.library.language}|${r.dependency.library.name}|${a.id}`
        const seen = extras.get(key)
        const epss = [seen?.epss, a.epss].filter((e): e is number => typeof e === 'number')
        extras.set(key, {
          kev: (seen?.kev ?? false) || a.kevEntry?.exploited === true,
          epss: epss.length > 0 ? Math.max(...epss) : null,
          cve: seen?.cve ?? a.cve,
        })
      }
  const out = new Map<string, DeltaFinding>()
  for (const f of reportFindings(doc)) {
    const x = extras.get(f.key)
    out.set(f.key, { ...f, cve: x?.cve ?? null, kev: x?.kev ?? false, epss: x?.epss ?? null })
  }
  return out
}

export function deltaBaseline(doc: DeltaSource): DeltaBaseline {
  return { outcome: doc.outcome, findings: [...withExtras(doc).values()] }
}

function isBaseline(x: DeltaSource | DeltaBaseline): x is DeltaBaseline {
  return 'findings' in x
}

/** `previous`: the previous report, or its stored baseline (the same delta either way). */
export function reportDelta(previous: DeltaSource | DeltaBaseline | null, current: DeltaSource): ReportDelta {
  const after = withExtras(current)
  const delta: ReportDelta = {
    hasPrevious: previous !== null,
    newFindings: [],
    newlyKev: [],
    raisedSeverity: [],
    outcome: { from: previous?.outcome ?? null, to: current.outcome },
  }
  if (!previous) return delta
  const before = isBaseline(previous)
    ? new Map(previous.findings.map((f) => [f.key, f]))
    : withExtras(previous)
  for (const [key, f] of after) {
    const was = before.get(key)
    if (!was) {
      delta.newFindings.push(f)
      continue
    }
    if (f.kev && !was.kev) delta.newlyKev.push(f)
    if (severityRank(f.severity) > severityRank(was.severity) && was.severity !== null)
      delta.raisedSeverity.push({ ...f, from: was.severity })
  }
  return delta
}

/** Whether the delta holds anything an alert could be about. */
export function deltaIsEmpty(delta: ReportDelta): boolean {
  return (
    delta.newFindings.length === 0 &&
    delta.newlyKev.length === 0 &&
    delta.raisedSeverity.length === 0 &&
    delta.outcome.from === delta.outcome.to
  )
}
