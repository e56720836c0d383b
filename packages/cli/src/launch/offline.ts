// `sextant scan --offline` (issue 15): no server at all. The pure engine analyses the files here; the
// I/O it needs is passed in from the server package's own readers, so an offline scan reads the same
// OSV formats with the same limits and asks a registry through the same datasource facade (memory
// cache only, no database) as a server would. Lives in launch/ as the one room allowed to use the server.
import { randomUUID } from 'node:crypto'
import {
  buildReport,
  buildsToResolve,
  CLI_EXIT_CODES,
  extractProject,
  METERIAN_FILE,
  type PackageMetadataInput,
  parseMeterianFile,
  type ReportDocument,
  resolveScoreThresholds,
  type ScoreDomain,
  type SourceFile,
} from '@sextant/engine'
import {
  createMetadataSource,
  formatWarning,
  type OutboundClient,
  readLocalAdvisories,
  SourceError,
} from '@sextant/server'
import { ScanError } from '../scan/errors'

export interface OfflineScanInput {
  files: SourceFile[]
  advisories: string
  /** npm registry for stability and licensing; null = those domains are not assessed. */
  registry: string | null
  branch: string
  minimums: Partial<Record<ScoreDomain, number>>
  now: Date
  progress: (line: string) => void
  /** The outbound client registry requests go through; one without proxies or credentials by default. */
  outbound?: OutboundClient
}

export interface OfflineScanResult {
  report: ReportDocument
  advisoryWarnings: string[]
}

async function loadAdvisories(path: string) {
  try {
    return await readLocalAdvisories(path)
  } catch (error) {
    if (error instanceof SourceError)
      throw new ScanError(CLI_EXIT_CODES.badUsage, `--advisories: ${error.message}`)
    throw error
  }
}

export async function scanOffline(input: OfflineScanInput): Promise<OfflineScanResult> {
  const extraction = extractProject(input.files)
  if (extraction.errors.length > 0) {
    const first = extraction.errors[0]!
    const where = first.line !== undefined ? `${first.file}, line ${first.line}` : first.file
    throw new ScanError(CLI_EXIT_CODES.unsupportedProject, `${where}: ${first.message}`)
  }
  const paths = input.files.map((f) => f.path)
  if (extraction.files.length === 0 && buildsToResolve(input.files).length === 0)
    throw new ScanError(
      CLI_EXIT_CODES.unsupportedProject,
      `None of the files is a supported manifest, lockfile or SBOM: ${paths.join(', ')}.`,
    )
  const advisories = await loadAdvisories(input.advisories)
  input.progress(`${advisories.records.length} advisories read from ${input.advisories}.`)

  // One entry per package, as the analysis job asks the datasource facade.
  const seen = new Set<string>()
  const packages: {
    ecosystem: (typeof extraction.graph.components)[number]['ecosystem']
    name: string
    version: string
  }[] = []
  for (const c of extraction.graph.components) {
    const key = `${c.ecosystem}/${c.name}`
    if (seen.has(key)) continue
    seen.add(key)
    packages.push({ ecosystem: c.ecosystem, name: c.name, version: c.version })
  }
  let metadata: ReadonlyMap<string, PackageMetadataInput | null> | null = null
  let metadataProblems: { key: string; message: string }[] = []
  if (input.registry) {
    const source = createMetadataSource(
      null,
      { npmRegistry: input.registry, mavenRepositories: [], metadataTtlMs: 3600_000, offline: false },
      input.outbound ? { outbound: input.outbound } : {},
    )
    input.progress(`Asking ${input.registry} about ${packages.length} packages…`)
    const batch = await source.metadataFor(packages)
    metadata = batch.packages as ReadonlyMap<string, PackageMetadataInput | null>
    metadataProblems = batch.problems.map((p) => ({ key: p.key, message: p.message }))
  }
  const meterian = input.files.find((f) => f.path === METERIAN_FILE)
  const file = meterian ? parseMeterianFile(meterian.content) : { exclusions: [], warnings: [] }
  const report = buildReport({
    uuid: randomUUID(),
    projectUuid: 'offline',
    branch: input.branch,
    now: input.now,
    graph: extraction.graph,
    warnings: [
      ...extraction.warnings,
      ...file.warnings.map((w) => ({ file: METERIAN_FILE, message: `${w.path}: ${w.message}` })),
    ],
    thresholds: resolveScoreThresholds(input.minimums),
    advisories: advisories.records,
    metadata,
    metadataProblems,
    exclusions: file.exclusions,
    previousExclusionsFingerprint: null,
    commit: null,
  })
  return { report, advisoryWarnings: advisories.warnings.map(formatWarning) }
}
