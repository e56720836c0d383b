// The enrichment sources and their sync on each storage mode (issue 9 "Enrichment"; README
// "Configuration"): defaults and 'none', a sync of file sources, and offline or unreachable URLs failing
// cleanly with a reason while the stored rows stay in use.
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { corpusDir } from '../advisories/test-corpus'
import { loadConfig } from '../config'
import { type OpenedDatabase, openDatabase } from '../db/open'
import { createOutboundClient, DEFAULT_OUTBOUND } from '../http-client'
import { createTestDatabase, storageModes, type TestDatabase } from '../testing/databases'
import { configuredEnrichmentSources, DEFAULT_EPSS_SOURCE, DEFAULT_KEV_SOURCE } from './sources'
import { listEnrichmentSources } from './sources.repo'
import { runEnrichmentSync, syncEnrichmentSource } from './sync.job'

const silent = { info: () => {}, warn: () => {}, error: () => {} }
const epssFile = join(import.meta.dirname, 'fixtures', 'epss-sample.csv.gz')
const kevFile = join(corpusDir, 'enrichment', 'kev', 'known_exploited_vulnerabilities.json')

describe('configured enrichment sources', () => {
  it.each([
    [
      {},
      [
        ['epss', DEFAULT_EPSS_SOURCE],
        ['kev', DEFAULT_KEV_SOURCE],
      ],
    ],
    [{ SEXTANT_EPSS_SOURCE: 'none', SEXTANT_KEV_SOURCE: ' ' }, []],
    [
      { SEXTANT_KEV_SOURCE: 'NONE', SEXTANT_CWE_SOURCE: '/data/cwe.csv' },
      [
        ['epss', DEFAULT_EPSS_SOURCE],
        ['cwe', '/data/cwe.csv'],
      ],
    ],
  ])('%j', (env, expected) => {
    expect(configuredEnrichmentSources(loadConfig(env)).map((s) => [s.kind, s.location])).toEqual(expected)
  })
})

describe.each(storageModes())('enrichment sync on %s storage', (mode) => {
  let database: TestDatabase
  let opened: OpenedDatabase
  const config = (env: Record<string, string>, offline = false) => ({
    ...loadConfig({ SEXTANT_CWE_SOURCE: 'none', ...env }),
    offline,
  })

  beforeAll(async () => {
    database = await createTestDatabase(mode)
    opened = await openDatabase(loadConfig(database.env))
  })
  afterAll(async () => {
    await opened?.close()
    await database?.dispose()
  })

  it('syncs every configured file source that is due', async () => {
    await runEnrichmentSync(
      {
        db: opened.db,
        outbound: createOutboundClient(DEFAULT_OUTBOUND),
        config: config({ SEXTANT_EPSS_SOURCE: epssFile, SEXTANT_KEV_SOURCE: kevFile }),
        logger: silent,
      },
      { reason: 'startup' },
    )
    const states = await listEnrichmentSources(opened.db)
    expect(states.map((s) => [s.id, s.status, s.rows])).toEqual([
      ['epss', 'OK', 5],
      ['kev', 'OK', 1404],
      ['cwe', 'NEVER_RUN', 0],
    ])
  })

  it('fails cleanly offline and when a URL cannot be reached; stored rows stay', async () => {
    const warnings: string[] = []
    const infos: unknown[] = []
    const deps = {
      db: opened.db,
      config: config({}, true),
      // the log says why a sync failed, at warn level (issue 14)
      logger: {
        ...silent,
        info: (o: unknown) => infos.push(o),
        warn: (_o: unknown, msg: string) => warnings.push(msg),
      },
      outbound: createOutboundClient(DEFAULT_OUTBOUND),
    }
    const offline = await syncEnrichmentSource(deps, { kind: 'epss', location: DEFAULT_EPSS_SOURCE })
    expect(offline.status).toBe('FAILED')
    expect(offline.error).toMatch(
      /^Offline mode \(SEXTANT_OFFLINE=true\): .* was not fetched; the EPSS data already stored stays in use\.$/,
    )
    const unreachable = await syncEnrichmentSource(
      { ...deps, config: config({}, false) },
      { kind: 'kev', location: 'http://127.0.0.1:1/known_exploited_vulnerabilities.json' },
    )
    expect(unreachable.status).toBe('FAILED')
    expect(unreachable.error).toMatch(/Could not fetch .*The KEV data already stored stays in use\./)
    expect(warnings).toEqual([`EPSS sync failed: ${offline.error}`, `KEV sync failed: ${unreachable.error}`])
    expect(infos).toEqual([])
    const states = await listEnrichmentSources(opened.db)
    expect(states.map((s) => [s.id, s.status, s.rows, s.version])).toEqual([
      ['epss', 'FAILED', 5, '2025-08-25'],
      ['kev', 'FAILED', 1404, '2025.08.25'],
      ['cwe', 'NEVER_RUN', 0, null],
    ])
    expect(states[0]?.lastSuccessAt).not.toBeNull()
  })
})
