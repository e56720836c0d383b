// Shared set-up of the metadata tests: a migrated database, a local npm registry serving small
// packuments of our own, and a metadata source on both with a clock the test moves. Tests only.
import { pathToFileURL } from 'node:url'
import type { Db } from '../db/connection'
import type { StorageMode } from '../testing/databases'
import { startTestNpmRegistry, type TestNpmRegistry } from '../testing/npm-registry'
import { createMetadataSource, type MetadataSource, type MetadataSourceOptions } from './source'
import { openMigratedDatabase } from './test-database'

export const HOUR = 3600_000
export const mavenFixtureRepository = pathToFileURL(
  new URL('./fixtures/maven-repo', import.meta.url).pathname,
).href

/** A full packument with `versions` (published a day apart, oldest first) and a licence. */
export function packument(name: string, versions: string[], licence = 'MIT'): Record<string, unknown> {
  const time: Record<string, string> = {}
  const manifests: Record<string, unknown> = {}
  versions.forEach((v, i) => {
    time[v] = new Date(Date.UTC(2024, 0, 1 + i)).toISOString()
    manifests[v] = { name, version: v, license: licence }
  })
  return {
    _id: name,
    name,
    'dist-tags': { latest: versions[versions.length - 1] },
    time,
    license: licence,
    repository: { url: `git+https://github.com/example/${name.replace('/', '-')}.git` },
    versions: manifests,
  }
}

export interface MetadataTestContext {
  db: Db
  registry: TestNpmRegistry
  clock: { now: Date }
  source(overrides?: {
    offline?: boolean
    maven?: string[]
    npmRegistry?: string
    options?: MetadataSourceOptions
  }): MetadataSource
  advance(ms: number): void
  close(): Promise<void>
}

export async function openMetadataTest(mode: StorageMode, latencyMs = 0): Promise<MetadataTestContext> {
  const database = await openMigratedDatabase(mode)
  const registry = await startTestNpmRegistry({ corpus: false, latencyMs })
  const clock = { now: new Date('2026-01-01T00:00:00Z') }
  return {
    db: database.db,
    registry,
    clock,
    source: (overrides = {}) =>
      createMetadataSource(
        database.db,
        {
          npmRegistry: overrides.npmRegistry ?? registry.url,
          mavenRepositories: overrides.maven ?? [mavenFixtureRepository],
          metadataTtlMs: 24 * HOUR,
          offline: overrides.offline ?? false,
        },
        {
          now: () => clock.now,
          ...overrides.options,
          http: { backoffMs: 5, timeoutMs: 2000, maxRetryAfterMs: 3000, ...overrides.options?.http },
        },
      ),
    advance: (ms) => {
      clock.now = new Date(clock.now.getTime() + ms)
    },
    close: async () => {
      await registry.close()
      await database.close()
    },
  }
}
