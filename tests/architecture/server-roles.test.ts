// Server roles the import graph cannot show (issue 18 item 5; STYLE rules 3, 5, 9): SQL is run (a
// `.query(` or `.executeSql(` call) only in the storage layer, HttpError is raised only by routes and
// http/ (services answer a Result), and only `Config` reads `process.env` (the CLI entry passes it in).
// Read with the TypeScript parser, so comments and strings never count.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { storageLayer } from './server-rules'

const repoRoot = resolve(import.meta.dirname, '../..')

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return ['node_modules', 'dist', 'fixtures'].includes(e.name) ? [] : sourceFiles(path)
    return /\.(tsx?|mjs|js)$/.test(e.name) ? [path] : []
  })
}

// Test helpers not named test-*.ts: used only by the tests beside them.
const testHelpers = ['packages/server/src/resources/admin/write-walk.ts']
const isTestSupport = (path: string) =>
  /\.test\.tsx?$/.test(path) ||
  path.includes('/src/testing/') ||
  /\/test-[^/]+\.ts$/.test(path) ||
  testHelpers.includes(relative(repoRoot, path))

function parse(path: string): ts.SourceFile {
  return ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true)
}

function find(source: ts.SourceFile, match: (node: ts.Node) => boolean): number {
  let count = 0
  const visit = (node: ts.Node) => {
    if (match(node)) count++
    ts.forEachChild(node, visit)
  }
  visit(source)
  return count
}

const sqlCall = (node: ts.Node) =>
  ts.isCallExpression(node) &&
  ts.isPropertyAccessExpression(node.expression) &&
  ['query', 'executeSql'].includes(node.expression.name.text)

const envRead = (node: ts.Node) =>
  ts.isPropertyAccessExpression(node) &&
  node.name.text === 'env' &&
  ts.isIdentifier(node.expression) &&
  node.expression.text === 'process'

/** The server files under `root` (a repository root) that run SQL outside the storage layer. */
function sqlOutsideStorage(root: string): string[] {
  return sourceFiles(join(root, 'packages/server/src'))
    .filter((f) => !isTestSupport(f))
    .map((f) => relative(root, f))
    .filter((f) => !storageLayer.some((re) => new RegExp(re).test(f)))
    .filter((f) => find(parse(join(root, f)), sqlCall) > 0)
}

/** Routes (*.routes.ts) and the HTTP layer (http/) may turn a Problem into an HttpError; nothing else. */
const mayThrowHttp = (path: string) =>
  /\.routes\.ts$/.test(path) || path.startsWith('packages/server/src/http/')

const importsHttpError = (node: ts.Node) =>
  ts.isImportDeclaration(node) &&
  ts.isStringLiteral(node.moduleSpecifier) &&
  /(^|\/)http\/(errors|problems)$/.test(node.moduleSpecifier.text) &&
  !node.importClause?.isTypeOnly

/** The server files under `root` outside routes and http/ that import HttpError or its mapping. */
function httpErrorsOutsideRoutes(root: string): string[] {
  return sourceFiles(join(root, 'packages/server/src'))
    .filter((f) => !isTestSupport(f))
    .map((f) => relative(root, f))
    .filter((f) => !mayThrowHttp(f) && find(parse(join(root, f)), importsHttpError) > 0)
}

describe('server roles', () => {
  const serverSrc = join(repoRoot, 'packages/server/src')
  const product = sourceFiles(serverSrc).filter((f) => !isTestSupport(f))

  it('runs SQL only in *.repo.ts and db/, with no exceptions', () => {
    expect(sqlOutsideStorage(repoRoot)).toEqual([])
    // the check sees real calls: the repos run SQL
    expect(
      product.filter((f) => f.endsWith('.repo.ts') && find(parse(f), sqlCall) > 0).length,
    ).toBeGreaterThan(10)
  })

  it('flags a deliberate violation: a service running SQL itself, not a repo or db/', () => {
    const fixture = resolve(import.meta.dirname, 'fixtures/crossing')
    expect(sqlOutsideStorage(fixture)).toEqual(['packages/server/src/things.service.ts'])
  })

  it('lets only routes and http/ raise HttpError: services answer problems as values, no exceptions', () => {
    expect(httpErrorsOutsideRoutes(repoRoot)).toEqual([])
    // the check sees real imports: routes raise HttpError
    expect(product.filter((f) => find(parse(f), importsHttpError) > 0).length).toBeGreaterThan(10)
    // …and flags a deliberate violation: a service importing HttpError
    const fixture = resolve(import.meta.dirname, 'fixtures/crossing')
    expect(httpErrorsOutsideRoutes(fixture)).toEqual(['packages/server/src/things.service.ts'])
  })

  it('reads process.env only in Config and the entry points', () => {
    const entries = [
      'packages/server/src/config.ts',
      'packages/cli/src/main.ts',
      // a child process of the embedded database: its environment is set by db/embedded.ts
      'packages/server/src/db/pglite-host.mjs',
      // the build tool's configuration, not product code
      'packages/web/vite.config.ts',
    ]
    const reads = ['engine', 'contract', 'sdk', 'pdf', 'server', 'web', 'cli']
      .flatMap((pkg) => sourceFiles(join(repoRoot, 'packages', pkg)))
      .filter((f) => !isTestSupport(f))
      .filter((f) => find(parse(f), envRead) > 0)
      .map((f) => relative(repoRoot, f))
    expect(reads).toContain('packages/server/src/config.ts')
    expect(reads.filter((f) => !entries.includes(f) && !envReadsLeft.includes(f))).toEqual([])
    expect(envReadsLeft.filter((f) => !reads.includes(f))).toEqual([])
  })
})

/** Modules that still read the environment themselves: work left in issue 18 item 5. */
const envReadsLeft = [
  'packages/engine/src/project/peer-cyclonedx-npm.ts',
  'packages/server/src/db/embedded.ts',
  'packages/server/src/metadata/npm-outdated.ts',
  'packages/server/src/resources/refresh/git-checkout.ts',
  'packages/server/src/runtime.ts',
]
