// The answer of the sasha route (issue 17; our reading in contract sasha.ts): a stored SARIF upload with
// the account's isaac policies applied. A policy names a rule by its id or the id's last '/'-part; a
// disabled one suppresses the rule's results (listed, not counted), an enabled one gives them its
// severity and tags. Pure.
import type { SashaReport, SashaResult } from '@sextant/contract'
import type { IsaacPolicy, StoredSasha } from './sasha.repo'

export function policyFor(ruleId: string, policies: ReadonlyMap<string, IsaacPolicy>): IsaacPolicy | null {
  return policies.get(ruleId) ?? policies.get(ruleId.split('/').at(-1) ?? '') ?? null
}

export function sashaReport(stored: StoredSasha, policyList: readonly IsaacPolicy[]): SashaReport {
  const policies = new Map(policyList.map((p) => [p.sysid, p]))
  const byLevel = { error: 0, warning: 0, note: 0, none: 0 }
  const files = new Set<string>()
  let suppressed = 0
  const results: SashaResult[] = stored.results.map((r) => {
    const policy = policyFor(r.ruleId, policies)
    const off = policy !== null && !policy.enabled
    if (off) suppressed++
    else {
      byLevel[r.level]++
      if (r.file) files.add(r.file)
    }
    return {
      ...r,
      severity: policy && !off ? (policy.severity as SashaResult['severity']) : null,
      tags: policy && !off ? policy.tags : [],
      suppressed: off,
    }
  })
  return {
    uuid: stored.uuid,
    projectId: stored.projectUuid,
    branch: stored.branch,
    createdAt: stored.createdAt.toISOString(),
    tool: stored.tool,
    summary: {
      rules: stored.rules,
      files: files.size,
      results: results.length - suppressed,
      byLevel,
      suppressed,
    },
    results,
  }
}
