// What an analysis reads besides its graph (DESIGN §1 "Enrich"): OSV records from the advisory store
// and registry metadata through the datasource facade. Either may be absent; the report then says the
// domain was not assessed instead of calling it clean.
import type { AdvisorySnapshot } from '@sextant/contract'
import {
  type Ecosystem,
  type MavenRepository,
  type NpmPackageMetadata,
  type OsvRecord,
  type PackageMetadataInput,
  type PackumentSource,
  type PickOptions,
  packageKey,
} from '@sextant/engine'

export interface PackageRef {
  ecosystem: Ecosystem
  name: string
  version?: string
}

export interface MetadataAnswer {
  packages: ReadonlyMap<string, PackageMetadataInput | null>
  problems: { key: string; message: string }[]
}

export interface AnalysisSources {
  /** The clock analyses read (report time, exclusion expiry); the real one when absent. */
  now?(): Date
  /** Records naming any of these packages; `null` when the store holds no advisories at all. */
  advisoriesFor?(packages: PackageRef[]): Promise<OsvRecord[] | null>
  /** The advisory store's state, recorded in the report (issue 14); absent = not recorded. */
  advisorySnapshot?(): Promise<AdvisorySnapshot>
  metadataFor?(packages: PackageRef[]): Promise<MetadataAnswer>
  /** A Maven repository client for one analysis (resolving pom.xml builds); absent = not resolved. */
  mavenRepository?(): MavenRepository
  /** Packuments for resolving a package.json without a lockfile; absent = not resolved (warned). */
  npmResolution?(): { packuments: PackumentSource; pick: PickOptions }
  /** EPSS fractions and KEV entries of these CVEs (one query per table); absent = no enrichment. */
  enrichmentFor?(cves: string[]): Promise<{
    epss: Map<string, number>
    kev: Map<string, { cve: string; exploited: boolean }>
  }>
}

/** The real sources: the advisory store (one indexed query per analysis) and the metadata facade. */
export function createAnalysisSources(
  advisories: {
    recordsFor(keys: readonly PackageRef[]): Promise<OsvRecord[]>
    isEmpty(): Promise<boolean>
    snapshot?(): Promise<AdvisorySnapshot>
  },
  metadata: {
    metadataFor(
      keys: readonly PackageRef[],
      options?: { install?: boolean },
    ): Promise<MetadataAnswer & { offline: boolean }>
    mavenRepository(): MavenRepository
  },
  enrichment?: Pick<Required<AnalysisSources>, 'enrichmentFor'>,
  /** npm whose install choices are reproduced (engines checks); default: this process's Node.js, npm 11. */
  pick: PickOptions = { nodeVersion: process.version, npmVersion: '11.0.0' },
): AnalysisSources {
  const snapshot = advisories.snapshot?.bind(advisories)
  return {
    ...(snapshot ? { advisorySnapshot: snapshot } : {}),
    mavenRepository: () => metadata.mavenRepository(),
    // The npm resolver reads the same cached packuments as the report (DESIGN §2: one fetch per package).
    npmResolution: () => ({
      pick,
      packuments: async (names) => {
        const batch = await metadata.metadataFor(names.map((name) => ({ ecosystem: 'npm' as const, name })))
        const problems = new Map(batch.problems.map((p) => [p.key, p.message]))
        const out: Awaited<ReturnType<PackumentSource>> = new Map()
        for (const name of names) {
          const key = packageKey('npm', name)
          const doc = batch.packages.get(key) as NpmPackageMetadata | null | undefined
          out.set(name, doc ?? { missing: problems.get(key) ?? 'no metadata' })
        }
        return out
      },
    }),
    ...(enrichment ? { enrichmentFor: (cves: string[]) => enrichment.enrichmentFor(cves) } : {}),
    async advisoriesFor(packages) {
      const records = await advisories.recordsFor(packages)
      // No record for these packages is a real answer only when the store holds advisories at all.
      if (records.length === 0 && (await advisories.isEmpty())) return null
      return records
    },
    async metadataFor(packages) {
      // the report never reads npm's install requirements: not held while it is built (issue 20 peak RSS)
      const batch = await metadata.metadataFor(packages, { install: false })
      const problems = [...batch.problems]
      if (batch.offline && problems.length > 0) {
        problems.unshift({
          key: 'registry',
          message: 'offline mode (SEXTANT_OFFLINE): metadata answered from the cache only',
        })
      }
      return { packages: batch.packages, problems }
    },
  }
}
