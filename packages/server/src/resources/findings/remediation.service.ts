// The remediation plan of a report (issue 19 "Remediation plan"): the report's active findings with every
// path from the stored graph, the advisories of its packages from the advisory store, and each package's
// versions and declared dependencies: npm packuments' `dependencies` per version from the metadata cache;
// Maven versions (maven-metadata.xml) and each version's POM-declared dependencies through the Maven
// repository client over the same document cache, fetched as the plan reads them (engine maven-data.ts).
import {
  buildAdvisoryIndex,
  type Lane,
  type NpmPackageMetadata,
  type PlanPatch,
  planFindingsOf,
  type RemediationPlan,
  remediationPatch,
  remediationPlanWithMaven,
  type SourceData,
} from '@sextant/engine'
import type { AdvisoryStore } from '../../advisories'
import type { Db } from '../../db/connection'
import type { MetadataSource } from '../../metadata'
import { latestReportUuid, reportDocumentById } from '../../services/reports.repo'
import { fail, ok, type Result } from '../../services/result'
import { reportGraph, reportManifestFiles } from './remediation.repo'

export interface PlanSources {
  advisories: Pick<AdvisoryStore, 'recordsFor'>
  metadata: Pick<MetadataSource, 'metadataFor' | 'mavenRepository'>
}

export async function reportRemediationPlan(
  db: Db,
  sources: PlanSources,
  projectUuid: string,
  branch: string,
  reportUuid: string | undefined,
): Promise<Result<RemediationPlan & { reportUuid: string }>> {
  const uuid = reportUuid ?? (await latestReportUuid(db, projectUuid, branch))
  const report = uuid ? await reportDocumentById(db, projectUuid, uuid, branch) : null
  if (!uuid || !report)
    return fail('not-found', `NOT FOUND: branch '${branch}' of this project has no report.`)
  const graph = await reportGraph(db, projectUuid, uuid)
  if (!graph)
    return fail(
      'conflict',
      'The dependency graph behind this report is gone: refresh or upload the project again.',
    )
  const findings = planFindingsOf(report, graph)
  const names = [
    ...new Map(
      graph.components.map((c) => [`${c.ecosystem}/${c.name}`, { ecosystem: c.ecosystem, name: c.name }]),
    ).values(),
  ]
  const [records, batch] = await Promise.all([
    sources.advisories.recordsFor(names),
    sources.metadata.metadataFor(names.filter((n) => n.ecosystem === 'npm')),
  ])
  const npm = (name: string) => batch.packages.get(`npm/${name}`) as NpmPackageMetadata | undefined
  const data: SourceData = {
    index: buildAdvisoryIndex(records),
    versions: (ecosystem, name) =>
      ecosystem === 'npm' ? (npm(name)?.versions.map((v) => v.version) ?? []) : [],
    dependencies: (ecosystem, name, version) => {
      if (ecosystem !== 'npm') return null
      const v = npm(name)?.versions.find((x) => x.version === version)
      return v?.install
        ? { ...(v.install.optionalDependencies ?? {}), ...(v.install.dependencies ?? {}) }
        : v
          ? {}
          : null
    },
  }
  const maven = graph.components.some((c) => c.ecosystem === 'maven')
    ? sources.metadata.mavenRepository()
    : null
  return ok({ reportUuid: uuid, ...(await remediationPlanWithMaven(findings, data, maven)) })
}

/**
 * One lane of the plan as a patch of the report's package.json / pom.xml files (issue 19 "Downloadable
 * as a patch"): the files uploaded with the report's analysis, edited by the engine (remediation/patch.ts).
 */
export async function reportRemediationPatch(
  db: Db,
  sources: PlanSources,
  projectUuid: string,
  branch: string,
  reportUuid: string | undefined,
  lane: Lane,
  fileStem: string,
): Promise<Result<PlanPatch & { fileName: string }>> {
  const plan = await reportRemediationPlan(db, sources, projectUuid, branch, reportUuid)
  if (!plan.ok) return plan
  const files = await reportManifestFiles(db, projectUuid, plan.value.reportUuid)
  if (!files.some((f) => /(^|\/)(package\.json|pom\.xml)$/.test(f.path)))
    return fail('conflict', 'The manifests behind this report are gone: refresh or upload the project again.')
  const patch = remediationPatch(plan.value.lanes[lane], files)
  if (patch.patch === '')
    return fail(
      'conflict',
      `Nothing in the ${lane} lane is a change to package.json or pom.xml${
        patch.skipped.length > 0 ? `: ${patch.skipped.map((s) => `${s.name} (${s.why})`).join('; ')}` : ''
      }.`,
    )
  return ok({ fileName: `${fileStem}-${lane}-remediation.patch`, ...patch })
}
