// Shared conformance of every registered datasource (issue 18 acceptance 1): whatever its registry
// answers (garbage, a document cut short, nothing, an error), fetchPackage never throws, asks only
// below the registry it was bound to, and keeps "the registry has no such package" (not-found)
// apart from "no answer could be had" (failed), which reports show as not assessed.
import { describe, expect, it } from 'vitest'
import { GARBAGE, truncations } from '../testing/conformance'
import { datasources } from './api'
import type { PackageRequest, RegistryFetch, RegistryRequest, RegistryResponse } from './types'

/** A package each datasource knows, and the documents its registry serves for it, by URL suffix (its index first). */
const SAMPLES: Record<string, { name: string; version: string; documents: Record<string, string> }> = {
  npm: {
    name: 'left-pad',
    version: '1.3.0',
    documents: {
      'left-pad': JSON.stringify({
        name: 'left-pad',
        'dist-tags': { latest: '1.3.0' },
        versions: { '1.3.0': { name: 'left-pad', version: '1.3.0', license: 'WTFPL' } },
        time: { '1.3.0': '2018-04-09T00:00:00.000Z' },
      }),
    },
  },
  'maven-repository': {
    name: 'org.acme:lib',
    version: '1.0',
    documents: {
      'org/acme/lib/maven-metadata.xml':
        '<metadata><groupId>org.acme</groupId><artifactId>lib</artifactId><versioning><release>1.0</release><versions><version>1.0</version></versions></versioning></metadata>',
      'org/acme/lib/1.0/lib-1.0.pom':
        '<project><groupId>org.acme</groupId><artifactId>lib</artifactId><version>1.0</version><licenses><license><name>MIT</name></license></licenses></project>',
    },
  },
}

const REGISTRY = 'https://registry.test/base/'

function serving(documents: Record<string, string>, other: RegistryResponse = { kind: 'not-found' }) {
  const asked: RegistryRequest[] = []
  const fetch: RegistryFetch = async (request) => {
    asked.push(request)
    const suffix = request.url.slice(REGISTRY.length)
    const body = documents[suffix]
    return body === undefined ? other : { kind: 'ok', body, etag: null }
  }
  return { fetch, asked }
}

describe.each(datasources.map((d) => [d.id, d] as const))('datasource %s', (id, datasource) => {
  const sample = SAMPLES[id]!
  const request: PackageRequest = {
    name: sample?.name ?? '',
    versions: [sample?.version ?? ''],
    cached: null,
    etag: null,
  }
  const fetchWith = (fetch: RegistryFetch) => datasource.connect([REGISTRY], fetch).fetchPackage(request)

  it('has a sample package, and reads it from the registry it is bound to', async () => {
    expect(sample, 'add a sample package to SAMPLES').toBeDefined()
    const { fetch, asked } = serving(sample.documents)
    const outcome = await fetchWith(fetch)
    expect(outcome).toMatchObject({ kind: 'document' })
    if (outcome.kind === 'document') {
      expect(outcome.document.metadata.versions.map((v) => v.version)).toContain(sample.version)
    }
    for (const r of asked) expect(r.url.startsWith(REGISTRY), r.url).toBe(true)
  })

  it('answers not-found when the registry has no such package', async () => {
    expect(await fetchWith(serving({}).fetch)).toEqual({ kind: 'not-found' })
  })

  it('answers failed, never not-found, when the registry cannot be reached or fails', async () => {
    for (const other of [
      { kind: 'failed', status: null, message: 'connect ECONNREFUSED' },
      { kind: 'failed', status: 503, message: 'HTTP 503' },
      { kind: 'failed', status: null, message: 'offline', offline: true },
    ] as const) {
      expect(await fetchWith(serving({}, other).fetch), other.message).toMatchObject({ kind: 'failed' })
    }
  })

  it('answers failed, never not-found, when its index document cannot be read', async () => {
    const [index] = Object.keys(sample.documents)
    for (const body of ['{"a":', '<x']) {
      const outcome = await fetchWith(serving({ ...sample.documents, [index!]: body }).fetch)
      expect(outcome, body).toMatchObject({ kind: 'failed' })
    }
  })

  it('never throws on garbage or documents cut short', async () => {
    for (const [suffix, text] of Object.entries(sample.documents)) {
      const bodies = [...GARBAGE, ...truncations(text).map((t) => t.content)]
      for (const body of bodies) {
        const outcome = await fetchWith(serving({ ...sample.documents, [suffix]: body }).fetch)
        expect(
          ['document', 'not-found', 'failed'],
          `${suffix} = ${JSON.stringify(body.slice(0, 40))}`,
        ).toContain(outcome.kind)
      }
    }
  })
})
