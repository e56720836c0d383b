// What the MCP tools answer (issue 15 `sextant mcp`), from a Sextant server through the SDK:
// advisories_get (advisories of one library version, and its licences and licence issues in a
// project's latest report when a project is named), nextsafe (safe versions per lane), project_status
// (latest scores against their minima, outcome, and the most severe findings of a project's branch).
import { languageOfEcosystem, reportFindings, type Severity } from '@sextant/engine'
import type { SextantClient } from '@sextant/sdk'
import { ecosystemTyped, type SafeLanes } from '../nextsafe/lanes'
import { asDocument } from '../outputs/report-shape'
import { domainAssessments } from '../scan/verdict'

/** The API's language key for what a person or a model writes ('npm' → nodejs, 'maven' → java). */
function languageKey(language: string): string {
  const ecosystem = ecosystemTyped(language)
  if (!ecosystem)
    throw new Error(
      `There is no language '${language}': use nodejs, java, python, golang, php, dotnet, ruby or rust.`,
    )
  return languageOfEcosystem(ecosystem)
}

export async function advisoriesGet(
  client: SextantClient,
  args: {
    language: string
    name: string
    version: string
    project?: string | undefined
    branch?: string | undefined
  },
) {
  const language = languageKey(args.language)
  const answer = await client.call('dependencyAdvices', {
    params: { language, name: args.name, version: args.version },
  })
  let licensing:
    | { licences: string[]; issues: string[]; project: string; branch: string }
    | { note: string } = {
    note: "Licence issues are judged against an account's policies in a project: name a project (and branch) to have them.",
  }
  if (args.project) {
    const branch = args.branch ?? 'main'
    const report = await client.call('reportLatest', {
      params: { projectId: args.project },
      query: { branch },
    })
    const result = report.licensing.reports
      .flatMap((r) => r.results)
      .find((r) => r.library.name === args.name && r.version === args.version)
    licensing = result
      ? {
          project: args.project,
          branch,
          licences: result.licenses.map((l) => l.id),
          issues: [
            ...result.violations.map((v) => `${v.licence} violates the policy '${v.policyName}'`),
            ...result.warnings,
          ],
        }
      : { note: `${args.name} ${args.version} is not in the latest report of ${args.project} (${branch}).` }
  }
  return {
    language,
    name: args.name,
    version: args.version,
    assessed: 'assessed' in answer ? answer.assessed : true,
    advisories: answer.advices.map((a) => ({
      id: a.id,
      aliases: a.aliases ?? [],
      severity: a.severity,
      cvss: a.cvss,
      summary: a.description.split('\n')[0] ?? '',
      fixedIn: a.fixedInVersions,
    })),
    licensing,
  }
}

export async function nextSafe(
  client: SextantClient,
  args: { language: string; name: string; version: string },
): Promise<SafeLanes> {
  const language = languageKey(args.language)
  const answer = await client.call('dependencyNext', {
    params: { language, name: args.name, version: args.version },
  })
  return {
    language,
    name: args.name,
    version: args.version,
    latestPatch: answer.safeVersions.latestPatch ?? null,
    latestMinor: answer.safeVersions.latestMinor ?? null,
    latestMajor: answer.safeVersions.latestMajor ?? null,
  }
}

const rank: Record<Severity, number> = { CRITICAL: 0, HIGH: 1, MEDIUM: 2, LOW: 3, SUGGEST: 4, NONE: 5 }

export async function projectStatus(
  client: SextantClient,
  args: { project: string; branch?: string | undefined; top?: number | undefined },
) {
  const branch = args.branch ?? 'main'
  const report = asDocument(
    await client.call('reportLatest', { params: { projectId: args.project }, query: { branch } }),
  )
  const assessments = domainAssessments(report)
  const findings = reportFindings(report).sort(
    (a, b) => rank[a.severity ?? 'NONE'] - rank[b.severity ?? 'NONE'] || a.library.localeCompare(b.library),
  )
  return {
    project: args.project,
    branch,
    report: report.uuid,
    createdAt: report.createdAt,
    outcome: report.outcome,
    scores: Object.fromEntries(
      (['security', 'stability', 'licensing'] as const).map((d) => [
        d,
        { score: assessments[d].score, assessed: assessments[d].assessed, minimum: report.thresholds[d] },
      ]),
    ),
    findings: findings.length,
    topFindings: findings.slice(0, args.top ?? 10).map((f) => ({
      domain: f.domain,
      library: f.library,
      version: f.version,
      id: f.id,
      severity: f.severity,
      title: f.title,
    })),
  }
}
