// The delta gate (issue 15 `--fail-on new --base-branch NAME`): only findings that are not in the latest
// report of the base branch fail the build ("no new highs" for pull requests); new and fixed findings
// are listed. A base branch without a report counts every finding as new (never fail open), and so
// does a domain that was not assessed, unless --allow-unassessed.

import {
  CLI_EXIT_CODES,
  type Finding,
  type FindingsDelta,
  findingsDelta,
  type GateVerdict,
} from '@sextant/engine'
import type { CallResult, SextantClient } from '@sextant/sdk'
import type { ScanReport } from '../outputs/report-shape'

type Report = CallResult<'reportById'>

export interface DeltaResult {
  baseBranch: string
  baseReport: string | null
  delta: FindingsDelta
  exitCode: number
  lines: string[]
}

/** The base branch: the one asked for, else the project's `main`, else `master`, else 'main'. */
export async function baseBranchOf(
  client: SextantClient,
  projectUuid: string,
  asked: string | null,
): Promise<string> {
  if (asked) return asked
  const project = await client.call('projectGet', { params: { projectId: projectUuid } })
  return ['main', 'master'].find((b) => project.branches.includes(b)) ?? 'main'
}

/** The latest report of a branch, or null before its first one (404). */
export async function latestReport(
  client: SextantClient,
  projectUuid: string,
  branch: string,
): Promise<Report | null> {
  try {
    return await client.call('reportLatest', { params: { projectId: projectUuid }, query: { branch } })
  } catch (error) {
    if (typeof error === 'object' && error && 'status' in error && error.status === 404) return null
    throw error
  }
}

/** The report of a branch before `headUuid` (a delta gate run on the base branch itself), or null. */
export async function previousReport(
  client: SextantClient,
  projectUuid: string,
  branch: string,
  headUuid: string,
): Promise<Report | null> {
  const history = await client.call('reportHistory', {
    params: { projectId: projectUuid },
    query: { branch, limit: 2 },
  })
  const before = history.find((h) => h.uuid !== headUuid)
  return before
    ? client.call('reportById', { params: { projectId: projectUuid, reportId: before.uuid } })
    : null
}

const line = (f: Finding) =>
  `  ${f.domain === 'security' ? (f.severity ?? 'NONE').padEnd(8) : 'LICENCE '} ${f.library} ${f.version}: ${f.title} (${f.id})`

export function deltaGate(
  base: ScanReport | null,
  head: ScanReport,
  verdict: GateVerdict,
  baseBranch: string,
): DeltaResult {
  const delta = findingsDelta(base, head)
  let exitCode = 0
  for (const f of delta.added)
    exitCode |= f.domain === 'security' ? CLI_EXIT_CODES.securityFailed : CLI_EXIT_CODES.licensingFailed
  // A domain that could not be assessed cannot be said to bring nothing new.
  for (const d of verdict.domains)
    if (d.check === 'not assessed' && d.fails)
      exitCode |= { security: 1, stability: 2, licensing: 4 }[d.domain]
  const lines = [
    base
      ? `Compared with the latest report of '${baseBranch}' (${base.uuid}).`
      : `The branch '${baseBranch}' has no report yet: every finding counts as new.`,
    `New findings: ${delta.added.length}`,
    ...delta.added.map(line),
    `Fixed findings: ${delta.fixed.length}`,
    ...delta.fixed.map(line),
    exitCode === 0
      ? 'Build successful! No new findings.'
      : `Build unsuccessful! ${delta.added.length} new finding(s)${verdict.domains.some((d) => d.check === 'not assessed' && d.fails) ? ' or a domain not assessed' : ''}.`,
  ]
  return { baseBranch, baseReport: base?.uuid ?? null, delta, exitCode, lines }
}
