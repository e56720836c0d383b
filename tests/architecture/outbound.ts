// Finds every way out of the outbound client (issue 18 item 3: "the only way any server code reaches the
// network"): global fetch, WebSocket and EventSource; undici, https, http2, dgram and dns; request, get and
// Agent of node:http; connect and sockets of node:net and node:tls; child processes outside the few
// listed here. Reads imports and calls with the TypeScript parser, so comments and strings never count.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

/** Modules no file outside the client may import at all (type-only imports aside). */
const FORBIDDEN_MODULES = new Set(['undici', 'https', 'http2', 'dgram', 'dns', 'dns/promises'])

/** Modules whose other exports are harmless: the names here are the ones allowed. */
const ALLOWED_NAMES: Record<string, Set<string>> = {
  http: new Set(['createServer', 'STATUS_CODES', 'METHODS']),
  net: new Set(['isIP', 'isIPv4', 'isIPv6', 'BlockList', 'createServer']),
  tls: new Set(['rootCertificates']),
}

/** Files that start child processes, and why none of them reaches the network on its own. */
export const CHILD_PROCESS_ALLOWED: Record<string, string> = {
  'packages/server/src/resources/refresh/git-checkout.ts':
    'git, whose every connection goes through the client (local-proxy.ts)',
  'packages/server/src/db/embedded.ts':
    'forks the embedded PostgreSQL host, which listens on a local socket only',
  'packages/server/src/metadata/npm-outdated.ts':
    "tests' and benchmarks' oracle: npm against a local registry",
  'packages/engine/src/project/peer-cyclonedx-npm.ts': "tests' and benchmarks' peer tool, offline",
}

const GLOBAL_CALLS = new Set(['fetch'])
const GLOBAL_CONSTRUCTORS = new Set(['WebSocket', 'EventSource'])

export interface Violation {
  file: string
  line: number
  what: string
}

const bare = (specifier: string) => specifier.replace(/^node:/, '')

function scanFile(path: string, root: string, out: Violation[]): void {
  const file = relative(root, path)
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true)
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
  const report = (node: ts.Node, what: string) => out.push({ file, line: at(node), what })
  const checkModule = (node: ts.Node, specifier: string, names: string[] | 'everything') => {
    const module = bare(specifier)
    if (module === 'child_process') {
      if (!(file in CHILD_PROCESS_ALLOWED)) report(node, `starts child processes (${specifier})`)
      return
    }
    if (FORBIDDEN_MODULES.has(module)) return report(node, `imports ${specifier}`)
    const allowed = ALLOWED_NAMES[module]
    if (!allowed) return
    if (names === 'everything') return report(node, `imports all of ${specifier}`)
    for (const name of names) if (!allowed.has(name)) report(node, `imports ${name} from ${specifier}`)
  }
  const visit = (node: ts.Node): void => {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      !node.importClause?.isTypeOnly
    ) {
      const clause = node.importClause
      const bindings = clause?.namedBindings
      if (!clause || clause.name || (bindings && ts.isNamespaceImport(bindings)))
        checkModule(node, node.moduleSpecifier.text, 'everything')
      else if (bindings && ts.isNamedImports(bindings)) {
        const names = bindings.elements
          .filter((e) => !e.isTypeOnly)
          .map((e) => (e.propertyName ?? e.name).text)
        if (names.length > 0) checkModule(node, node.moduleSpecifier.text, names)
      }
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression
      const first = node.arguments[0]
      if (ts.isIdentifier(callee) && GLOBAL_CALLS.has(callee.text)) report(node, `calls ${callee.text}()`)
      if (
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'globalThis' &&
        GLOBAL_CALLS.has(callee.name.text)
      )
        report(node, `calls globalThis.${callee.name.text}()`)
      // require('undici') and import('undici')
      const loads =
        (ts.isIdentifier(callee) && callee.text === 'require') || callee.kind === ts.SyntaxKind.ImportKeyword
      if (loads && first && ts.isStringLiteral(first)) checkModule(node, first.text, 'everything')
    }
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      GLOBAL_CONSTRUCTORS.has(node.expression.text)
    )
      report(node, `constructs ${node.expression.text}`)
    ts.forEachChild(node, visit)
  }
  visit(source)
}

/** Product code: not tests, test helpers (src/testing, test-*.ts), fixtures, nor the client itself. */
function isScanned(path: string): boolean {
  return (
    /\.tsx?$/.test(path) &&
    !/\.test\.tsx?$/.test(path) &&
    !/\/src\/testing\//.test(path) &&
    !/\/test-[^/]+\.ts$/.test(path) &&
    !/\/fixtures\//.test(path) &&
    !/\/src\/http-client\//.test(path)
  )
}

function walk(root: string, dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) walk(root, path, out)
    else if (isScanned(`/${relative(root, path)}`)) out.push(path)
  }
}

/** Violations in the packages under `root` (`packages/server/src`, `packages/engine/src`), and the files read. */
export function findOutboundViolations(
  root: string,
  packages: readonly string[],
): { violations: Violation[]; files: string[] } {
  const files: string[] = []
  for (const p of packages) walk(root, join(root, p), files)
  const violations: Violation[] = []
  for (const file of files.sort()) scanFile(file, root, violations)
  return { violations, files: files.map((f) => relative(root, f)) }
}
