// The advisory store at OSV's size (issue 20 "A store the size of OSV", acceptance 1): ~226,000 records
// (npm, Maven and PyPI), the size of OSV's npm + Maven export with its MAL- records. Nothing this big may
// be committed or downloaded, so the records are the corpus's own, each repeated under new ids, aliases and
// package names (a record k of copy n: `<id>-c<n>`, `<alias>-c<n>`, `<package>-c<n>`): the same shapes
// and field sizes, 65 times as many ids, aliases and packages. Measured: import into an empty store, the
// re-import of the unchanged files, a lookup by GHSA id and by CVE alias (GET /api/v1/vulns/{language}/{id}
// runs it), the first page of the vulns list, and the graph-wide lookup an analysis makes.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { gunzipSync, gzipSync } from 'node:zlib'
import {
  createAdvisoryStore,
  decodeListCursor,
  importAdvisorySource,
  loadConfig,
  openDatabase,
} from '@sextant/server'
import { withScratchDatabase } from './server-helpers'
import { type BenchRow, type BenchSection, median, ms } from './table'

const corpus = process.env.SEXTANT_CORPUS_DIR ?? join(import.meta.dirname, '../../shared/corpus')
const COPIES = 65

interface OsvLike {
  id: string
  aliases?: string[]
  affected?: { package?: { ecosystem?: string; name?: string } }[]
}

/** Writes the enlarged files into `dir`; answers their paths, the record count and ids to look up. */
function enlargedCorpus(dir: string): {
  files: string[]
  /** The npm file again with one record's `modified` moved on (the other records unchanged). */
  oneChanged: string
  records: number
  ghsa: string
  cve: string
  npmNames: string[]
} {
  const files: string[] = []
  const npmNames = new Set<string>()
  let records = 0
  let ghsa = ''
  let cve = ''
  for (const name of ['npm', 'maven', 'pypi']) {
    const lines = gunzipSync(readFileSync(join(corpus, 'osv', `${name}.jsonl.gz`)))
      .toString('utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
    const out: string[] = []
    for (let n = 0; n < COPIES; n++) {
      const suffix = n === 0 ? '' : `-c${n}`
      for (const line of lines) {
        const record = JSON.parse(line) as OsvLike
        record.id = `${record.id}${suffix}`
        record.aliases = (record.aliases ?? []).map((a) => `${a}${suffix}`)
        for (const a of record.affected ?? []) {
          if (name === 'npm' && n === 0 && a.package?.ecosystem === 'npm' && a.package.name)
            npmNames.add(a.package.name)
          if (a.package?.name) a.package.name = `${a.package.name}${suffix}`
        }
        if (name === 'npm' && n === COPIES - 1 && ghsa === '' && record.id.startsWith('GHSA-')) {
          const alias = record.aliases.find((a) => a.startsWith('CVE-'))
          if (alias) {
            ghsa = record.id
            cve = alias
          }
        }
        out.push(JSON.stringify(record))
        records++
      }
    }
    const file = join(dir, `${name}.jsonl.gz`)
    writeFileSync(file, gzipSync(out.join('\n')))
    files.push(file)
    if (name === 'npm') {
      const changed = JSON.parse(out[100]!) as OsvLike & { modified?: string }
      changed.modified = '2099-01-01T00:00:00Z'
      out[100] = JSON.stringify(changed)
      writeFileSync(join(dir, 'changed', 'npm.jsonl.gz'), gzipSync(out.join('\n')))
    }
  }
  return {
    files,
    oneChanged: join(dir, 'changed', 'npm.jsonl.gz'),
    records,
    ghsa,
    cve,
    npmNames: [...npmNames],
  }
}

async function timed<T>(runs: number, work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  let value = await work()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    value = await work()
    times.push(performance.now() - t)
  }
  return { ms: median(times), value }
}

async function measure(
  label: string,
  env: Record<string, string>,
  data: ReturnType<typeof enlargedCorpus>,
): Promise<BenchRow[]> {
  const config = loadConfig({ LOG_LEVEL: 'silent', SEXTANT_ADVISORY_SOURCES: 'none', ...env })
  const opened = await openDatabase(config)
  try {
    const t0 = performance.now()
    for (const file of data.files) {
      const result = await importAdvisorySource(opened.db, config, file)
      if (!result.ok) throw new Error(`${file}: ${result.error}`)
    }
    const importMs = performance.now() - t0
    const t1 = performance.now()
    for (const file of data.files) await importAdvisorySource(opened.db, config, file)
    const reimportMs = performance.now() - t1
    // The npm file with one record changed: the same source (import-npm, named by the file), another
    // digest, so every record is read; the unchanged ones are skipped by their id and modified.
    const t2 = performance.now()
    const changed = await importAdvisorySource(opened.db, config, data.oneChanged)
    const changedMs = performance.now() - t2
    if (changed.counts.updated + changed.counts.inserted !== 1)
      throw new Error(`one changed record: ${JSON.stringify(changed.counts)}`)
    const store = createAdvisoryStore(opened.db)
    const byId = await timed(5, () => store.byIdentifier('npm', data.ghsa))
    const byAlias = await timed(5, () => store.byIdentifier('npm', data.cve.toLowerCase()))
    if (byId.value.length === 0 || byAlias.value.length === 0)
      throw new Error(`lookup of ${data.ghsa} / ${data.cve} found nothing`)
    const tFirst = performance.now()
    await store.list('npm', { limit: 20, offset: 0 })
    const firstPageMs = performance.now() - tFirst
    const page = await timed(5, () => store.list('npm', { limit: 20, offset: 0 }))
    const deep = await timed(5, () => store.list('npm', { limit: 20, offset: 10_000 }))
    const cursor = decodeListCursor((await store.list('npm', { limit: 1, offset: 9_999 })).next ?? '')
    if (cursor === null) throw new Error('no cursor at 10,000')
    const keyset = await timed(5, () => store.list('npm', { limit: 20, offset: 0, after: cursor }))
    if (keyset.value.rows[0]?.id !== deep.value.rows[0]?.id)
      throw new Error('keyset page differs from offset page')
    const keys = data.npmNames.map((name) => ({ ecosystem: 'npm' as const, name }))
    const tGraph = performance.now()
    const graphRecords = await store.recordsFor(keys)
    const graphColdMs = performance.now() - tGraph
    const graph = await timed(5, () => store.recordsFor(keys))
    const lookups: BenchRow[] = [
      {
        what: `graph-wide lookup of ${keys.length} npm packages (${graphRecords.length} records), first (parses them), ${label}`,
        budget: '—',
        measured: ms(graphColdMs),
        ok: null,
      },
      {
        what: `same lookup, records parsed already (an analysis after the first), ${label}, median of 5`,
        budget: '—',
        measured: ms(graph.ms),
        ok: null,
      },
      {
        what: `lookup by GHSA id (${data.ghsa}), ${label}, median of 5`,
        budget: '≤ 10 ms',
        measured: ms(byId.ms),
        ok: byId.ms <= 10,
      },
      {
        what: `lookup by CVE alias, lower case (${data.cve.toLowerCase()}), ${label}, median of 5`,
        budget: '≤ 10 ms',
        measured: ms(byAlias.ms),
        ok: byAlias.ms <= 10,
      },
      {
        what: `vulns list, first page after the import (counts the ${page.value.total} npm records once), ${label}`,
        budget: '—',
        measured: ms(firstPageMs),
        ok: null,
      },
      {
        what: `vulns list, first page of 20 (count kept), ${label}, median of 5`,
        budget: '—',
        measured: ms(page.ms),
        ok: null,
      },
      {
        what: `vulns list, page of 20 at offset 10,000 (count kept), ${label}, median of 5`,
        budget: '—',
        measured: ms(deep.ms),
        ok: null,
      },
      {
        what: `vulns list, the same page by after= (keyset cursor of the 10,000th record), ${label}, median of 5`,
        budget: '—',
        measured: ms(keyset.ms),
        ok: null,
      },
    ]
    return [
      {
        what: `import ${data.records} records into an empty store, ${label}`,
        budget: '—',
        measured: ms(importMs),
        ok: null,
      },
      {
        what: `re-import of the unchanged files, ${label}`,
        budget: '≤ 5 s',
        measured: ms(reimportMs),
        ok: reimportMs <= 5000,
      },
      {
        what: `re-import of the npm file (${changed.counts.total} records) with one record changed, ${label}`,
        budget: '—',
        measured: ms(changedMs),
        ok: null,
      },
      ...lookups,
    ]
  } finally {
    await opened.close()
  }
}

export async function osvStoreBench(): Promise<BenchSection> {
  const rows: BenchRow[] = []
  const notes: string[] = []
  const dir = mkdtempSync(join(tmpdir(), 'sx-bench-osv-'))
  try {
    mkdirSync(join(dir, 'changed'))
    const data = enlargedCorpus(dir)
    const dataDir = join(dir, 'data')
    rows.push(...(await measure('embedded', { SEXTANT_DATA_DIR: dataDir }, data)))
    try {
      await withScratchDatabase('sextant_bench_osv', async (url) => {
        rows.push(...(await measure('external PostgreSQL', { DATABASE_URL: url }, data)))
      })
    } catch (error) {
      notes.push(
        `External PostgreSQL rows missing: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  notes.push(
    `The corpus's ${'npm, Maven and PyPI'} records, each repeated ${COPIES} times under new ids, aliases and package names (bench/osv-store.bench.ts); the import is \`sextant advisories import\` of each file.`,
  )
  return {
    title: 'Advisory store at OSV size (issue 20)',
    command: 'npm run bench -- osvStore',
    rows,
    notes,
  }
}
