// Advisory store benchmarks (DESIGN §8 "import the full npm + Maven advisory corpus ≤ 30 s"; issue 9
// acceptance 6): importing ../shared/corpus/osv (npm, Maven, PyPI) into an empty store, the no-change
// re-import, and one graph-wide lookup, on the embedded PGlite and on an external PostgreSQL server.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { gunzipSync } from 'node:zlib'
import { createAdvisoryStore, importAdvisorySource, loadConfig, openDatabase } from '@sextant/server'
import { withScratchDatabase } from './server-helpers'
import { type BenchRow, type BenchSection, ms } from './table'

const corpus = process.env.SEXTANT_CORPUS_DIR ?? join(import.meta.dirname, '../../shared/corpus')
const files = ['npm', 'maven', 'pypi'].map((name) => join(corpus, 'osv', `${name}.jsonl.gz`))

/** Every (ecosystem, name) the corpus names: the widest graph the store can be asked about. */
function corpusPackages(): { ecosystem: 'npm' | 'maven' | 'pypi'; name: string }[] {
  const ours = { npm: 'npm', Maven: 'maven', PyPI: 'pypi' } as const
  const keys = new Map<string, { ecosystem: 'npm' | 'maven' | 'pypi'; name: string }>()
  for (const file of files) {
    for (const line of gunzipSync(readFileSync(file)).toString('utf8').split('\n')) {
      if (!line.trim()) continue
      const record = JSON.parse(line) as { affected?: { package?: { ecosystem?: string; name?: string } }[] }
      for (const a of record.affected ?? []) {
        const eco = ours[a.package?.ecosystem as keyof typeof ours]
        if (eco && a.package?.name)
          keys.set(`${eco}:${a.package.name}`, { ecosystem: eco, name: a.package.name })
      }
    }
  }
  return [...keys.values()]
}

async function measure(label: string, env: Record<string, string>): Promise<BenchRow[]> {
  const config = loadConfig({ LOG_LEVEL: 'silent', SEXTANT_ADVISORY_SOURCES: 'none', ...env })
  const opened = await openDatabase(config)
  try {
    const t0 = performance.now()
    let records = 0
    for (const file of files) {
      const result = await importAdvisorySource(opened.db, config, file)
      if (!result.ok) throw new Error(`${file}: ${result.error}`)
      records += result.counts.inserted
    }
    const importMs = performance.now() - t0
    const t1 = performance.now()
    for (const file of files) await importAdvisorySource(opened.db, config, file)
    const reimportMs = performance.now() - t1
    const keys = corpusPackages()
    const store = createAdvisoryStore(opened.db)
    await store.recordsFor(keys.slice(0, 10))
    const t2 = performance.now()
    const found = await store.recordsFor(keys)
    const lookupMs = performance.now() - t2
    return [
      {
        what: `import npm + Maven + PyPI corpus (${records} records) into an empty store, ${label}`,
        budget: '≤ 30 s',
        measured: ms(importMs),
        ok: importMs <= 30_000,
      },
      { what: `re-import, nothing changed, ${label}`, budget: '—', measured: ms(reimportMs), ok: null },
      {
        what: `recordsFor ${keys.length} packages in one query (${found.length} records parsed), ${label}`,
        budget: '—',
        measured: ms(lookupMs),
        ok: null,
      },
    ]
  } finally {
    await opened.close()
  }
}

export async function advisoryImportBench(): Promise<BenchSection> {
  const rows: BenchRow[] = []
  const notes: string[] = []
  const dir = mkdtempSync(join(tmpdir(), 'sx-bench-adv-'))
  try {
    rows.push(...(await measure('embedded', { SEXTANT_DATA_DIR: dir })))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    await withScratchDatabase('sextant_bench_adv', async (url) => {
      rows.push(...(await measure('external PostgreSQL', { DATABASE_URL: url })))
    })
  } catch (error) {
    notes.push(`External PostgreSQL rows missing: ${error instanceof Error ? error.message : String(error)}`)
  }
  notes.push(
    'Import = `sextant advisories import` of each corpus file (stream, parse with the engine, batched upserts of raw JSONB + index rows); no peer tool imports OSV data here.',
  )
  return {
    title: 'Advisory store',
    command: 'npx sextant advisories import ../shared/corpus/osv/{npm,maven,pypi}.jsonl.gz',
    rows,
    notes,
  }
}
