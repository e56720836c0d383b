// Fails when an import crosses the package arrows (issue 2: "a test that fails when an import crosses
// the arrows"). Cruises the real packages, and a small fixture where web imports engine to prove the rule bites.
import { resolve } from 'node:path'
import { cruise, type ICruiseResult } from 'dependency-cruiser'
import { describe, expect, it } from 'vitest'
import { arrowRules } from './rules'
import { serverRoleRules } from './server-rules'

const repoRoot = resolve(import.meta.dirname, '../..')

async function cruiseTree(baseDir: string): Promise<ICruiseResult> {
  const result = await cruise(
    ['packages'],
    {
      baseDir,
      ruleSet: { forbidden: [...arrowRules, ...serverRoleRules] },
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
      exclude: { path: ['node_modules', 'dist', '/fixtures/'] },
      tsConfig: { fileName: resolve(repoRoot, 'tsconfig.json') },
      validate: true,
    },
    { extensions: ['.ts', '.tsx', '.js', '.mjs'], conditionNames: ['import', 'default'] },
  )
  if (typeof result.output === 'string') throw new Error('unexpected string output from dependency-cruiser')
  return result.output
}

describe('package arrows', () => {
  it('no import in packages/ crosses the arrows', async () => {
    const output = await cruiseTree(repoRoot)
    expect(output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([])
    // The cruise must really resolve workspace imports, or an empty violation list would prove nothing.
    const serverToEngine = output.modules
      .filter((m) => m.source.startsWith('packages/server/'))
      .flatMap((m) => m.dependencies.map((d) => d.resolved))
    expect(serverToEngine).toContain('packages/engine/src/index.ts')
    expect(serverToEngine).toContain('packages/contract/src/index.ts')
    expect(serverToEngine).toContain('packages/pdf/src/index.ts')
    // PDF rendering lives out of the pure engine (issue 18 item 5): only packages/pdf imports pdfkit
    const importersOf = (name: string) =>
      output.modules.filter((m) => m.dependencies.some((d) => d.module === name)).map((m) => m.source)
    expect(importersOf('pdfkit')).toEqual(['packages/pdf/src/layout.ts'])

    // `sextant serve` imports the server's light entry, which starts the embedded database before the
    // rest of the server loads (issue 18 acceptance 6): what it loads at once (not type-only, not
    // dynamic) is a few files of the server and Node's own modules, no npm package and no other package.
    const byPath = new Map(output.modules.map((m) => [m.source, m]))
    const serve = byPath.get('packages/cli/src/launch/serve.ts')?.dependencies.map((d) => d.resolved)
    expect(serve).toContain('packages/server/src/launch.ts')
    const loaded = new Set<string>()
    const walk = (source: string) => {
      if (loaded.has(source)) return
      loaded.add(source)
      for (const d of byPath.get(source)?.dependencies ?? [])
        if (!d.dynamic && !d.coreModule && !d.dependencyTypes.includes('type-only')) walk(d.resolved)
    }
    walk('packages/server/src/launch.ts')
    expect([...loaded].filter((source) => !source.startsWith('packages/server/src/'))).toEqual([])
    expect([...loaded]).toContain('packages/server/src/db/embedded.ts')
    expect(loaded.size).toBeLessThan(10)
  }, 120_000)

  it('flags web importing engine, deep imports, a web feature importing another, and SQL or HttpError out of their rooms', async () => {
    const output = await cruiseTree(resolve(import.meta.dirname, 'fixtures/crossing'))
    const names = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)
    expect(names).toContain('web-arrows: packages/web/src/index.ts → packages/engine/src/index.ts')
    expect(names).toContain('no-deep-imports: packages/sdk/src/index.ts → packages/engine/src/deep.ts')
    // server roles (issue 18 item 5): a route importing the pool's module, a service importing HttpError
    expect(names).toContain(
      'server-sql-only-in-repos: packages/server/src/things.routes.ts → packages/server/src/db/connection.ts',
    )
    expect(names).toContain(
      'server-http-errors-only-in-routes: packages/server/src/things.service.ts → packages/server/src/http/errors.ts',
    )
    // web walls (issue 18 item 4): a feature importing another feature, shared importing a feature…
    expect(names).toContain(
      'web-no-feature-to-feature: packages/web/src/features/security/security-section.ts → packages/web/src/features/report/report-title.ts',
    )
    expect(names).toContain(
      'web-shared-below-features: packages/web/src/shared/report/report-filters.ts → packages/web/src/features/report/report-title.ts',
    )
    // …while a feature may import its own folder and shared/
    expect(
      names.filter(
        (n) =>
          n.includes('card-title.ts') || n.endsWith('→ packages/web/src/shared/report/report-filters.ts'),
      ),
    ).toEqual([])
    // …while a repo may, a Db type and a transaction may be imported anywhere, and routes throw HttpError
    expect(names.filter((n) => n.includes('things.repo.ts') || n.includes('db/transaction.ts'))).toEqual([])
  }, 60_000)
})
