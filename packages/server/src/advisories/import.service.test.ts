// The advisory store on each storage mode (issue 9 acceptance 1): the whole OSV corpus loads, a second
// import changes nothing, a bad record is skipped with a warning naming it, lookups answer exactly the
// advisories of a package; zip, folder and URL sources; the SSRF rule (DESIGN §7).
import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { type OpenedDatabase, openDatabase } from '../db/open'
import { createOutboundClient, DEFAULT_OUTBOUND } from '../http-client'
import { createTestDatabase, storageModes, type TestDatabase } from '../testing/databases'
import { importAdvisories } from './import.service'
import { createAdvisoryStore } from './store'
import { corpusDir } from './test-corpus'
import { buildZip } from './test-zip'

const outbound = createOutboundClient(DEFAULT_OUTBOUND)

type Raw = Record<string, unknown> & {
  id: string
  modified: string
  affected?: { package: { ecosystem: string; name: string } }[]
}

const corpusFile = (name: string) => join(corpusDir, 'osv', `${name}.jsonl.gz`)
const corpusRecords = (name: string): Raw[] =>
  gunzipSync(readFileSync(corpusFile(name)))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Raw)

const npm = corpusRecords('npm')
const maven = corpusRecords('maven')
const pypi = corpusRecords('pypi')
const allIds = new Set([...npm, ...maven, ...pypi].map((r) => r.id))

const idsNaming = (records: Raw[], ecosystem: string, name: string) =>
  records
    .filter((r) => r.affected?.some((a) => a.package.ecosystem === ecosystem && a.package.name === name))
    .map((r) => r.id)
    .sort()

describe.each(storageModes())('advisory store on %s storage', (mode) => {
  let database: TestDatabase
  let opened: OpenedDatabase
  let scratch: string
  const count = async (sql: string) => Number((await opened.db.query(sql)).rows[0].n)

  beforeAll(async () => {
    database = await createTestDatabase(mode)
    opened = await openDatabase(loadConfig(database.env))
    scratch = await mkdtemp(join(tmpdir(), 'sx-adv-'))
  })
  afterAll(async () => {
    await opened?.close()
    await database?.dispose()
    if (scratch) await rm(scratch, { recursive: true, force: true })
  })

  it('starts empty', async () => {
    const store = createAdvisoryStore(opened.db)
    expect(await store.isEmpty()).toBe(true)
    expect(await store.recordsFor([{ ecosystem: 'npm', name: 'lodash' }])).toEqual([])
  })

  it('loads every record of the npm, Maven and PyPI corpus', async () => {
    for (const [name, records] of [
      ['npm', npm],
      ['maven', maven],
      ['pypi', pypi],
    ] as const) {
      const result = await importAdvisories(opened.db, corpusFile(name), { source: `corpus-${name}` })
      expect(result.ok, result.error ?? '').toBe(true)
      expect(result.warnings).toEqual([])
      expect(result.counts).toMatchObject({ total: records.length, skipped: 0, updated: 0 })
      expect(result.counts.inserted + result.counts.unchanged).toBe(records.length)
    }
    expect(npm.length + maven.length + pypi.length).toBe(451 + 366 + 2661)
    expect(await count('SELECT count(*) AS n FROM advisories')).toBe(allIds.size)
    expect(await count('SELECT count(*) AS n FROM advisories WHERE withdrawn IS NOT NULL')).toBe(
      [...npm, ...maven, ...pypi].filter((r) => r.withdrawn).length,
    )
    const stats = await createAdvisoryStore(opened.db).stats()
    expect(stats.total).toBe(allIds.size)
    expect(stats.byEcosystem.pypi).toBeGreaterThanOrEqual(2661)
    expect(stats.byEcosystem.npm).toBeGreaterThan(400)
  })

  it('changes nothing on a second import, and says so', async () => {
    const before = await opened.db.query('SELECT max(imported_at) AS t FROM advisories')
    for (const [name, records] of [
      ['npm', npm],
      ['maven', maven],
      ['pypi', pypi],
    ] as const) {
      const result = await importAdvisories(opened.db, corpusFile(name))
      expect(result.counts).toMatchObject({ total: records.length, inserted: 0, updated: 0, skipped: 0 })
      expect(result.counts.unchanged).toBe(records.length)
    }
    const after = await opened.db.query('SELECT max(imported_at) AS t FROM advisories')
    expect(after.rows[0].t).toEqual(before.rows[0].t)
  })

  it('answers exactly the advisories of the given packages in one lookup', async () => {
    const store = createAdvisoryStore(opened.db)
    const lodash = await store.recordsFor([{ ecosystem: 'npm', name: 'lodash' }])
    expect(lodash.map((r) => r.id).sort()).toEqual(idsNaming(npm, 'npm', 'lodash'))
    expect(lodash.length).toBeGreaterThan(3)
    const log4j = await store.recordsFor([
      { ecosystem: 'maven', name: 'org.apache.logging.log4j:log4j-core' },
    ])
    expect(log4j.map((r) => r.id).sort()).toEqual(
      [
        ...new Set([
          ...idsNaming(maven, 'Maven', 'org.apache.logging.log4j:log4j-core'),
          ...idsNaming(npm, 'Maven', 'org.apache.logging.log4j:log4j-core'),
        ]),
      ].sort(),
    )
    expect(log4j.map((r) => r.id)).toContain('GHSA-jfh8-c2jp-5v3q')
    const both = await store.recordsFor([
      { ecosystem: 'npm', name: 'lodash' },
      { ecosystem: 'maven', name: 'org.apache.logging.log4j:log4j-core' },
      { ecosystem: 'npm', name: 'lodash' },
      { ecosystem: 'npm', name: 'no-such-package-anywhere' },
    ])
    expect(both.length).toBe(lodash.length + log4j.length)
    // PyPI names are looked up in their PEP 503 form.
    const pyName = pypi[0]!.affected![0]!.package.name
    const py = await store.recordsFor([{ ecosystem: 'pypi', name: pyName.toUpperCase().replace(/-/g, '_') }])
    expect(py.map((r) => r.id)).toEqual(idsNaming(pypi, 'PyPI', pyName))
  })

  it('reuses parsed records across lookups and rereads a record whose modified changed', async () => {
    const store = createAdvisoryStore(opened.db)
    const first = await store.recordsFor([{ ecosystem: 'npm', name: 'lodash' }])
    const again = await store.recordsFor([{ ecosystem: 'npm', name: 'lodash' }])
    expect(again.map((r) => r.id)).toEqual(first.map((r) => r.id))
    expect(again[0]).toBe(first[0])
    const target = first[0]!
    const newer = npm.find((r) => r.id === target.id)!
    const file = join(scratch, 'newer.jsonl')
    await writeFile(
      file,
      `${JSON.stringify({ ...newer, modified: '2099-01-01T00:00:00Z', summary: 'changed summary' })}\n`,
    )
    await importAdvisories(opened.db, file)
    const after = await store.recordsFor([{ ecosystem: 'npm', name: 'lodash' }])
    const changed = after.find((r) => r.id === target.id)!
    expect(changed).not.toBe(target)
    expect(changed.summary).toBe('changed summary')
    // Put the corpus version back for the tests that follow.
    await opened.db.query('DELETE FROM advisories WHERE id = $1', [target.id])
    await importAdvisories(opened.db, corpusFile('npm'))
  })

  it('skips a record with a bad field with a warning naming its id; the others load', async () => {
    const [a, b, c] = npm
    const bad = { ...b!, id: 'TEST-BAD-1', aliases: 5 }
    const lines = [{ ...a!, id: 'TEST-OK-1' }, bad, { ...c!, id: 'TEST-OK-2' }].map((r) => JSON.stringify(r))
    const file = join(scratch, 'mixed.jsonl')
    await writeFile(file, `${lines.join('\n')}\nnot json\n`)
    const result = await importAdvisories(opened.db, file)
    expect(result.ok).toBe(true)
    expect(result.counts).toMatchObject({ total: 4, inserted: 2, skipped: 2 })
    expect(result.warnings).toHaveLength(2)
    expect(result.warnings[0]).toMatchObject({ id: 'TEST-BAD-1', line: 2 })
    expect(result.warnings[0]!.message).toContain('TEST-BAD-1')
    expect(result.warnings[1]).toMatchObject({ id: null, line: 4 })
    expect(await count("SELECT count(*) AS n FROM advisories WHERE id LIKE 'TEST-%'")).toBe(2)
  })

  it('updates a record only when its modified is newer, replacing its package rows', async () => {
    const base = npm.find((r) => r.id === 'TEST-OK-1') ?? { ...npm[0]!, id: 'TEST-OK-1' }
    const file = join(scratch, 'one.json')
    const renamed = {
      ...base,
      id: 'TEST-OK-1',
      modified: '2099-01-01T00:00:00Z',
      affected: [{ package: { ecosystem: 'npm', name: 'sextant-renamed' }, ranges: [] }],
    }
    await writeFile(file, JSON.stringify(renamed))
    expect((await importAdvisories(opened.db, file)).counts).toMatchObject({ updated: 1, inserted: 0 })
    const store = createAdvisoryStore(opened.db)
    expect(
      (await store.recordsFor([{ ecosystem: 'npm', name: 'sextant-renamed' }])).map((r) => r.id),
    ).toEqual(['TEST-OK-1'])
    await writeFile(file, JSON.stringify({ ...renamed, modified: '2098-01-01T00:00:00Z', summary: 'older' }))
    expect((await importAdvisories(opened.db, file)).counts).toMatchObject({ updated: 0, unchanged: 1 })
  })

  it('skips a record stored at the same modified, to the microsecond, without parsing it (issue 20)', async () => {
    const file = join(scratch, 'stamped.json')
    const record = {
      id: 'TEST-STAMP-1',
      modified: '2024-03-05T06:07:08.123456Z',
      affected: [{ package: { ecosystem: 'npm', name: 'sextant-stamped' }, ranges: [] }],
    }
    await writeFile(file, JSON.stringify(record))
    expect((await importAdvisories(opened.db, file)).counts).toMatchObject({ inserted: 1 })
    // Same id and stamp, content the parser refuses: an unchanged record is not read at all.
    await writeFile(file, JSON.stringify({ ...record, affected: 'not a list' }))
    const again = await importAdvisories(opened.db, file)
    expect(again.counts).toMatchObject({ unchanged: 1, skipped: 0, byEcosystem: {} })
    expect(again.warnings).toEqual([])
    // One microsecond later is newer: parsed (and refused, with its warning).
    await writeFile(
      file,
      JSON.stringify({ ...record, modified: '2024-03-05T06:07:08.123457Z', affected: 'x' }),
    )
    const newer = await importAdvisories(opened.db, file)
    expect(newer.counts).toMatchObject({ unchanged: 0, skipped: 1 })
    expect(newer.warnings[0]?.id).toBe('TEST-STAMP-1')
  })

  it('answers an unchanged file from its last import, and imports exactly the one record changed (issue 20)', async () => {
    const source = 'digest-test'
    const records = npm.slice(0, 30).map((r) => ({ ...r, id: `DIGEST-${r.id}` }))
    const ids = records.map((r) => r.id)
    const file = join(scratch, 'digest.jsonl.gz')
    const write = (list: Raw[]) =>
      writeFile(file, gzipSync(`${list.map((r) => JSON.stringify(r)).join('\n')}\nnot json\n`))
    const stamps = async () =>
      (
        await opened.db.query(
          'SELECT id, imported_at::text AS at FROM advisories WHERE id = ANY($1::text[]) ORDER BY id',
          [ids],
        )
      ).rows
    // The re-check of live branches (issue 16) reads what an import changed from advisory_changes.
    const changed = async () =>
      (
        await opened.db.query<{ id: string }>(
          'SELECT DISTINCT advisory_id AS id FROM advisory_changes WHERE advisory_id = ANY($1::text[]) ORDER BY 1',
          [ids],
        )
      ).rows.map((r) => r.id)
    await write(records)
    const first = await importAdvisories(opened.db, file, { source })
    expect(first.counts).toMatchObject({ total: 31, inserted: 30, skipped: 1 })
    await opened.db.query('DELETE FROM advisory_changes WHERE advisory_id = ANY($1::text[])', [ids])
    const before = await stamps()

    const again = await importAdvisories(opened.db, file, { source })
    expect(again.ok).toBe(true)
    expect(again.counts).toEqual({ ...first.counts, inserted: 0, unchanged: 30 })
    expect(again.warnings).toEqual(first.warnings)
    expect(await stamps()).toEqual(before)
    expect(await changed()).toEqual([])

    const edited = records.map((r, i) =>
      i === 7 ? { ...r, modified: '2099-01-01T00:00:00Z', summary: 'changed upstream' } : r,
    )
    await write(edited)
    const one = await importAdvisories(opened.db, file, { source })
    expect(one.counts).toMatchObject({ total: 31, inserted: 0, updated: 1, unchanged: 29, skipped: 1 })
    expect(await changed()).toEqual([records[7]!.id])
    const after = await stamps()
    expect(after.filter((r, i) => r.at !== before[i]!.at).map((r) => r.id)).toEqual([records[7]!.id])

    // A record of the source deleted by hand: the same file is read again and brings it back.
    await opened.db.query('DELETE FROM advisories WHERE id = $1', [records[3]!.id])
    const restored = await importAdvisories(opened.db, file, { source })
    expect(restored.counts).toMatchObject({ inserted: 1, updated: 0, unchanged: 29 })
    expect((await importAdvisories(opened.db, file, { source })).counts).toMatchObject({
      inserted: 0,
      unchanged: 30,
    })
  })

  it('reads an OSV all.zip, a folder of JSON files and an http URL of a zip', async () => {
    const sample = maven.slice(0, 40).map((r) => ({ ...r, id: `ZIP-${r.id}` }))
    const zip = buildZip([
      ...sample.map((r) => ({ name: `${r.id}.json`, content: JSON.stringify(r) })),
      { name: 'README.txt', content: 'not a record' },
    ])
    const zipFile = join(scratch, 'all.zip')
    await writeFile(zipFile, zip)
    const fromZip = await importAdvisories(opened.db, zipFile)
    expect(fromZip.ok, fromZip.error ?? '').toBe(true)
    expect(fromZip.counts).toMatchObject({ total: 40, inserted: 40, skipped: 0 })

    const dir = join(scratch, 'folder')
    await mkdir(join(dir, 'nested', 'deeper'), { recursive: true })
    const folderRecords = npm.slice(10, 25).map((r) => ({ ...r, id: `DIR-${r.id}` }))
    await Promise.all(
      folderRecords.map((r, i) =>
        writeFile(join(dir, i % 2 ? 'nested/deeper' : 'nested', `${r.id}.json`), JSON.stringify(r)),
      ),
    )
    await writeFile(
      join(dir, 'array.json'),
      JSON.stringify([
        { ...npm[30]!, id: 'DIR-ARRAY-1' },
        { ...npm[31]!, id: 'DIR-ARRAY-2' },
      ]),
    )
    const fromDir = await importAdvisories(opened.db, dir)
    expect(fromDir.counts).toMatchObject({ total: 17, inserted: 17, skipped: 0 })

    const served = buildZip(
      pypi
        .slice(0, 25)
        .map((r) => ({ name: `x/${r.id}.json`, content: JSON.stringify({ ...r, id: `URL-${r.id}` }) })),
    )
    const server: Server = createServer((req, res) => {
      if (req.url === '/redirect') res.writeHead(302, { location: '/PyPI/all.zip' }).end()
      else if (req.url === '/PyPI/all.zip')
        res.writeHead(200, { 'content-type': 'application/zip' }).end(served)
      else res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const fromUrl = await importAdvisories(opened.db, `${url}/redirect`, {
        allowPrivateAddresses: true,
        outbound,
      })
      expect(fromUrl.ok, fromUrl.error ?? '').toBe(true)
      expect(fromUrl.counts).toMatchObject({ total: 25, inserted: 25 })
      const missing = await importAdvisories(opened.db, `${url}/nothing.zip`, {
        allowPrivateAddresses: true,
        outbound,
      })
      expect(missing).toMatchObject({ ok: false, error: expect.stringContaining('HTTP 404') })
    } finally {
      server.close()
    }
  })

  it('refuses a loopback or private URL unless allowed (SSRF rule)', async () => {
    for (const url of [
      'http://127.0.0.1/all.zip',
      'http://10.1.2.3/x.jsonl',
      'http://[::1]:8080/a.zip',
      'http://localhost/a',
    ]) {
      const result = await importAdvisories(opened.db, url, { outbound })
      expect(result.ok).toBe(false)
      expect(result.error).toMatch(/non-public address/)
    }
    expect((await importAdvisories(opened.db, 'file:///etc/passwd', { outbound })).error).toMatch(
      /Only http and https/,
    )
  })

  it('answers a clear error for a missing or broken source, and applies the limits', async () => {
    expect((await importAdvisories(opened.db, join(scratch, 'missing.zip'))).error).toMatch(/does not exist/)
    const broken = join(scratch, 'broken.zip')
    await writeFile(broken, Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64)]))
    expect((await importAdvisories(opened.db, broken)).error).toMatch(/not a readable zip/)
    const big = join(scratch, 'big.jsonl')
    await writeFile(
      big,
      `${JSON.stringify({ ...npm[0]!, id: 'BIG-1' })}\n${JSON.stringify({ ...npm[1]!, id: 'SMALL-1', details: '' })}\n`,
    )
    const limited = await importAdvisories(opened.db, big, { limits: { maxRecordBytes: 1500 } })
    expect(limited.counts.skipped + limited.counts.inserted).toBe(2)
    expect(limited.warnings.some((w) => /longer than 1500 bytes/.test(w.message))).toBe(true)
    const manyEntries = join(scratch, 'many.zip')
    await writeFile(manyEntries, buildZip([1, 2, 3].map((i) => ({ name: `${i}.json`, content: '{}' }))))
    expect((await importAdvisories(opened.db, manyEntries, { limits: { maxZipEntries: 2 } })).error).toMatch(
      /3 entries, over the limit of 2/,
    )
  })
})
