// Enrichment imports on each storage mode (issue 9 "Enrichment"): KEV and CWE from the corpus, EPSS from
// a FIRST-format fixture (.csv and .csv.gz) and over http; a second import changes nothing; bad lines are
// warnings naming the line; a snapshot drops CVEs it no longer lists; a missing file fails as a value.
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { corpusDir } from '../advisories/test-corpus'
import { loadConfig } from '../config'
import { type OpenedDatabase, openDatabase } from '../db/open'
import { createOutboundClient, DEFAULT_OUTBOUND } from '../http-client'
import { createTestDatabase, storageModes, type TestDatabase } from '../testing/databases'
import { cweById } from './enrichment.repo'
import { formatEnrichmentWarning, importEnrichment } from './import.service'
import { listEnrichmentSources } from './sources.repo'
import { importEnrichmentSource } from './standalone'
import { createEnrichmentStore } from './store'

const outbound = createOutboundClient(DEFAULT_OUTBOUND)

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name)
const kevFile = join(corpusDir, 'enrichment', 'kev', 'known_exploited_vulnerabilities.json')
const cweFile = join(corpusDir, 'enrichment', 'cwe', 'cwe-names.csv')

describe.each(storageModes())('enrichment imports on %s storage', (mode) => {
  let database: TestDatabase
  let opened: OpenedDatabase
  let scratch: string

  beforeAll(async () => {
    database = await createTestDatabase(mode)
    opened = await openDatabase(loadConfig(database.env))
    scratch = await mkdtemp(join(tmpdir(), 'sx-enr-'))
  })
  afterAll(async () => {
    await opened?.close()
    await database?.dispose()
    if (scratch) await rm(scratch, { recursive: true, force: true })
  })

  it('imports the KEV catalogue of the corpus; a second import changes nothing', async () => {
    const first = await importEnrichment(opened.db, 'kev', kevFile)
    expect(first.ok, first.error ?? '').toBe(true)
    expect(first.version).toBe('2025.08.25')
    expect(first.counts).toEqual({
      total: 1404,
      inserted: 1404,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      removed: 0,
    })
    const again = await importEnrichment(opened.db, 'kev', kevFile)
    expect(again.counts).toEqual({
      total: 1404,
      inserted: 0,
      updated: 0,
      unchanged: 1404,
      skipped: 0,
      removed: 0,
    })
  })

  it('imports the CWE names of the corpus; a second import changes nothing', async () => {
    const first = await importEnrichment(opened.db, 'cwe', cweFile)
    expect(first.counts).toMatchObject({ total: 1450, inserted: 1450, unchanged: 0 })
    const again = await importEnrichment(opened.db, 'cwe', cweFile)
    expect(again.counts).toMatchObject({ total: 1450, inserted: 0, updated: 0, unchanged: 1450 })
    expect(await cweById(opened.db, 79)).toMatchObject({
      id: 79,
      name: expect.stringMatching(/Cross-site Scripting/),
    })
  })

  it('imports EPSS from .csv.gz and .csv alike; a second import changes nothing', async () => {
    const gz = await importEnrichment(opened.db, 'epss', fixture('epss-sample.csv.gz'))
    expect(gz.ok, gz.error ?? '').toBe(true)
    expect(gz.version).toBe('2025-08-25')
    expect(gz.counts).toEqual({ total: 5, inserted: 5, updated: 0, unchanged: 0, skipped: 0, removed: 0 })
    const plain = await importEnrichment(opened.db, 'epss', fixture('epss-sample.csv'))
    expect(plain.counts).toEqual({ total: 5, inserted: 0, updated: 0, unchanged: 5, skipped: 0, removed: 0 })
  })

  it('answers EPSS and KEV of a list of CVEs in one call', async () => {
    const answer = await createEnrichmentStore(opened.db).enrichmentFor([
      'CVE-2021-44228',
      'cve-2021-20035',
      'CVE-2000-0000',
    ])
    expect(Object.fromEntries(answer.epss)).toEqual({ 'CVE-2021-44228': 0.94358 })
    expect(Object.fromEntries(answer.kev)).toEqual({
      'CVE-2021-44228': { cve: 'CVE-2021-44228', exploited: true },
      'CVE-2021-20035': { cve: 'CVE-2021-20035', exploited: false },
    })
  })

  it('skips bad lines with warnings naming them; the snapshot drops CVEs it no longer lists', async () => {
    const r = await importEnrichmentSource(opened.db, 'epss', fixture('epss-bad-lines.csv'))
    expect(r.ok).toBe(true)
    expect(r.warnings.map(formatEnrichmentWarning)).toEqual([
      "epss-bad-lines.csv:4: 'NOT-A-CVE' is not a CVE id: line skipped",
      "epss-bad-lines.csv:5: CVE-2022-24999: EPSS '1.7' is not a fraction 0-1: line skipped",
      "epss-bad-lines.csv:6: CVE-2023-0001: percentile '' is not a fraction 0-1: line skipped",
    ])
    expect(r.counts).toEqual({ total: 5, inserted: 1, updated: 0, unchanged: 1, skipped: 3, removed: 4 })
    const state = (await listEnrichmentSources(opened.db)).find((s) => s.id === 'epss')
    expect(state).toMatchObject({ status: 'PARTIAL', rows: 2, version: '2025-08-25' })
    expect(state?.warnings).toHaveLength(3)
  })

  it('keeps what is stored when a file has nothing usable or cannot be read', async () => {
    const empty = join(scratch, 'empty.csv')
    await writeFile(empty, 'id,score\n')
    const r = await importEnrichment(opened.db, 'epss', empty)
    expect(r.ok).toBe(false)
    expect(r.error).toBe('empty.csv holds no usable EPSS rows.')
    const missing = await importEnrichment(opened.db, 'kev', join(scratch, 'nope.json'))
    expect(missing).toMatchObject({ ok: false, error: 'nope.json does not exist or cannot be read.' })
    const rows = Object.fromEntries((await listEnrichmentSources(opened.db)).map((s) => [s.id, s.rows]))
    expect(rows).toEqual({ epss: 2, kev: 1404, cwe: 1450 })
  })

  it('fetches a URL (loopback allowed by the operator) and refuses it otherwise', async () => {
    const served = readFileSync(fixture('epss-sample.csv.gz'))
    const server: Server = createServer((req, res) => {
      if (req.url === '/epss_scores-current.csv.gz') res.writeHead(200).end(served)
      else res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/epss_scores-current.csv.gz`
      const ok = await importEnrichment(opened.db, 'epss', url, { allowPrivateAddresses: true, outbound })
      expect(ok.ok, ok.error ?? '').toBe(true)
      expect(ok.counts).toMatchObject({ total: 5, inserted: 4, unchanged: 1, removed: 1 })
      const refused = await importEnrichment(opened.db, 'epss', url, { outbound })
      expect(refused.ok).toBe(false)
      expect(refused.error).toMatch(/non-public address/)
    } finally {
      server.close()
    }
  })
})
