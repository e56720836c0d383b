// `sextant nextsafe --offline` (issue 15): the safe versions of one library version from a local advisory
// source and the registry given by --registry, computed by the engine exactly as the server's
// GET /api/v1/dependency/{language}/{name}/{version}/next does (same readers, same datasource facade).
import { CLI_EXIT_CODES, type Ecosystem, packageKey, safeVersionsFor } from '@sextant/engine'
import { createMetadataSource, type OutboundClient, readLocalAdvisories, SourceError } from '@sextant/server'
import type { SafeLanes } from '../nextsafe/lanes'
import { ScanError } from '../scan/errors'

export async function nextSafeOffline(
  ecosystem: Ecosystem,
  name: string,
  version: string,
  options: { advisories: string; registry: string; outbound?: OutboundClient },
): Promise<{ lanes: Omit<SafeLanes, 'language' | 'name' | 'version'>; versionsConsidered: number }> {
  let records: Awaited<ReturnType<typeof readLocalAdvisories>>['records']
  try {
    records = (await readLocalAdvisories(options.advisories)).records
  } catch (error) {
    if (error instanceof SourceError)
      throw new ScanError(CLI_EXIT_CODES.badUsage, `--advisories: ${error.message}`)
    throw error
  }
  const source = createMetadataSource(
    null,
    {
      npmRegistry: options.registry,
      mavenRepositories: ecosystem === 'maven' ? [options.registry] : [],
      metadataTtlMs: 3600_000,
      offline: false,
    },
    options.outbound ? { outbound: options.outbound } : {},
  )
  const batch = await source.metadataFor([{ ecosystem, name, version }])
  const metadata = batch.packages.get(packageKey(ecosystem, name))
  if (!metadata) {
    const problem = batch.problems.find((p) => p.key === packageKey(ecosystem, name))
    throw new ScanError(
      CLI_EXIT_CODES.serverUnreachable,
      `The registry ${options.registry} did not answer for ${name}: ${problem?.message ?? 'no metadata'}`,
    )
  }
  const versions = metadata.versions.map((v) => v.version)
  const safe = safeVersionsFor(ecosystem, name, records, { version, versions })
  return {
    lanes: {
      latestPatch: safe.latestPatch ?? null,
      latestMinor: safe.latestMinor ?? null,
      latestMajor: safe.latestMajor ?? null,
    },
    versionsConsidered: versions.length,
  }
}
