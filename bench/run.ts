// `npm run bench`: runs every benchmark section, prints the tables and writes docs/benchmarks.md
// (DESIGN §8). Figures are from this machine at the time of the run; budgets are for 2 cores.
import { writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { accountViewsBench } from './account-views.bench'
import { advisoryImportBench } from './advisories.bench'
import { analysisBench } from './analysis.bench'
import { authBench } from './auth.bench'
import { cliScanBench } from './cli-scan.bench'
import { coldPathBench } from './cold-path.bench'
import { exportsBench } from './exports.bench'
import { extractionBench } from './extraction.bench'
import { findingsTableBench } from './findings-table.bench'
import { liveRecheckBench } from './live-recheck.bench'
import { matchingBench } from './matching.bench'
import { mavenBench } from './maven.bench'
import { metadataBench } from './metadata.bench'
import { osvStoreBench } from './osv-store.bench'
import { productionStartBench } from './production-start.bench'
import { recomputeBench } from './recompute.bench'
import { reportGetBench } from './report-get.bench'
import { reportPageBench } from './report-page.bench'
import { reportPageBytesBench } from './report-page-bytes.bench'
import { spineBench } from './spine.bench'
import { staticAssetsBench } from './static-assets.bench'
import { type BenchSection, renderSection } from './table'
import { warmAnalysisBench } from './warm-analysis.bench'

const sections: (() => Promise<BenchSection>)[] = [
  spineBench,
  analysisBench,
  warmAnalysisBench,
  extractionBench,
  advisoryImportBench,
  osvStoreBench,
  matchingBench,
  metadataBench,
  coldPathBench,
  exportsBench,
  recomputeBench,
  liveRecheckBench,
  accountViewsBench,
  reportGetBench,
  authBench,
  reportPageBench,
  reportPageBytesBench,
  findingsTableBench,
  staticAssetsBench,
  mavenBench,
  cliScanBench,
  productionStartBench,
]

// `npm run bench -- cliScan` runs only the sections whose function name contains a given word and
// prints them without rewriting docs/benchmarks.md (copy the section there by hand).
const only = process.argv.slice(2).map((w) => w.toLowerCase())
const results: BenchSection[] = []
for (const run of sections) {
  if (only.length > 0 && !only.some((w) => run.name.toLowerCase().includes(w))) continue
  const section = await run()
  results.push(section)
  process.stdout.write(`\n${renderSection(section)}`)
}

if (only.length > 0) process.exit(0)

const header = [
  '# Benchmarks',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, Node.js ${process.version}.`,
  'Budgets are those of DESIGN.md §8. Re-run the command to refresh every figure.',
  '',
].join('\n')
writeFileSync(
  join(import.meta.dirname, '../docs/benchmarks.md'),
  `${header}\n${results.map(renderSection).join('\n')}`,
)
const failed = results.flatMap((s) => s.rows).filter((r) => r.ok === false)
process.stdout.write(
  `\nWrote docs/benchmarks.md${failed.length ? `; ${failed.length} row(s) over budget` : ''}.\n`,
)
