// The package arrows of DESIGN §1 as dependency-cruiser rules: web → sdk → contract ← server → engine;
// server → pdf → engine; cli → sdk, engine, pdf (and the server only from cli/src/launch, to start it);
// contract and engine import no other workspace package; across packages only a package's index.ts may
// be imported, and the one sub-entry a package.json `exports` lists: @sextant/server/launch
// (src/launch.ts), which starts the embedded database before the rest of the server loads (issue 18
// acceptance 6), for cli/src/launch.
// Inside web (issue 18 item 4, STYLE rule 1): app → features → shared → ui, lib; no feature imports
// another feature, and shared/, ui/ and lib/ import no feature and no app file (packages/web/src/shared/README.md).
import type { IForbiddenRuleType } from 'dependency-cruiser'

const allowed: Record<string, string[]> = {
  engine: [],
  contract: [],
  sdk: ['contract'],
  // PDF rendering (pdfkit) lives out of the pure engine (issue 18 item 5), for the server and the command
  pdf: ['engine'],
  server: ['contract', 'engine', 'pdf'],
  web: ['sdk', 'contract'],
  cli: ['sdk', 'engine', 'pdf'],
}
const all = Object.keys(allowed)
/** Entries besides index.ts that a package.json `exports` lists (packages/server/package.json). */
const subEntries = ['^packages/server/src/launch\\.ts$']

export const arrowRules: IForbiddenRuleType[] = [
  ...Object.entries(allowed).map(([pkg, may]) => {
    const forbidden = all.filter((p) => p !== pkg && !may.includes(p))
    return {
      name: `${pkg}-arrows`,
      comment: `${pkg} may import only ${may.length ? may.join(', ') : 'no other workspace package'} (DESIGN §1)`,
      severity: 'error' as const,
      from: { path: `^packages/${pkg}/`, ...(pkg === 'cli' ? { pathNot: '^packages/cli/src/launch/' } : {}) },
      to: { path: `^packages/(${forbidden.join('|')})/` },
    }
  }),
  {
    name: 'cli-launch-only-server',
    comment: 'cli/src/launch may start the server; it may still not import web',
    severity: 'error',
    from: { path: '^packages/cli/src/launch/' },
    to: { path: '^packages/web/' },
  },
  {
    name: 'no-deep-imports',
    comment:
      "across packages only a package's index.ts (DESIGN §1: 'no deep imports across packages'); tests may also use another package's src/testing helpers",
    severity: 'error',
    from: { path: '^packages/([^/]+)/' },
    to: {
      path: '^packages/[^/]+/',
      pathNot: [
        '^packages/$1/',
        '^packages/[^/]+/src/index\\.ts$',
        '^packages/[^/]+/src/testing/',
        ...subEntries,
      ],
    },
  },
  {
    name: 'testing-helpers-only-in-tests',
    comment:
      'src/testing/ holds test helpers (fixture servers, corpus paths): product code never imports them',
    severity: 'error',
    // Test-support files (test-setup.ts, bench.ts) count as tests.
    from: {
      path: '^packages/',
      pathNot: ['\\.test\\.tsx?$', '/src/testing/', '/test-[^/]+\\.ts$', '/bench\\.ts$'],
    },
    to: { path: '^packages/[^/]+/src/testing/' },
  },
  {
    name: 'web-no-feature-to-feature',
    comment:
      'a web feature never imports another feature: what several features need lives in web/src/shared, pages that compose features live in web/src/app (issue 18 item 4)',
    severity: 'error',
    from: { path: '^packages/web/src/features/([^/]+)/' },
    to: { path: '^packages/web/src/features/', pathNot: '^packages/web/src/features/$1/' },
  },
  {
    name: 'web-shared-below-features',
    comment:
      'web/src/shared, ui and lib sit below the features: they import no feature and no app file (issue 18 item 4)',
    severity: 'error',
    from: { path: '^packages/web/src/(shared|ui|lib)/' },
    to: { path: '^packages/web/src/(features|app)/' },
  },
]
