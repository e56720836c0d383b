// Matching benchmark (DESIGN §8; issue 9 acceptance 6): a 3,000-component npm graph matched against
// 20,000 advisories (the npm corpus replicated under new package names) by the engine's index, ≤ 50 ms.
// Each run builds a fresh index and times one warm pass after an untimed one; the figure is the median.
import { benchMatching } from '../packages/engine/src/advisories/bench'
import { type BenchSection, median, ms } from './table'

const RUNS = 5

export async function matchingBench(): Promise<BenchSection> {
  const runs = Array.from({ length: RUNS }, () => benchMatching(20_000, 3_000))
  const first = runs[0]!
  const match = median(runs.map((r) => r.ms))
  const index = median(runs.map((r) => r.indexMs))
  return {
    title: 'Advisory matching',
    command: 'npm run bench (bench/matching.bench.ts)',
    rows: [
      {
        what: `match a ${first.components.toLocaleString('en')}-component graph against ${first.advisories.toLocaleString('en')} advisories (median of ${RUNS} warm runs)`,
        budget: '≤ 50 ms',
        measured: ms(match),
        ok: match <= 50,
      },
      {
        what: `build the advisory index of ${first.advisories.toLocaleString('en')} parsed records (median of ${RUNS})`,
        budget: '—',
        measured: ms(index),
        ok: null,
      },
    ],
    notes: [
      `${first.affectedComponents} of the ${first.components} components are affected by at least one advisory (a sanity figure).`,
      `Runs: ${runs.map((r) => ms(r.ms)).join(', ')}.`,
      'No peer row: npm audit needs a POST to the registry, which this machine cannot make; its local step (npm semver over vulnerable_versions) is checked for equal findings by packages/engine/src/advisories/npm-audit.corpus.test.ts.',
    ],
  }
}
