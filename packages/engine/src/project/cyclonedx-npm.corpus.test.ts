// Issue 3 acceptance 2: for each npm lockfile of ../shared/corpus, our (purl, scope) set equals what
// `@cyclonedx/cyclonedx-npm --package-lock-only` (root devDependency, offline) makes of the same
// package.json + lockfile; every difference is listed below with its reason, undocumented ones fail.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { requireCorpus } from '../testing/corpus'
import { extractProject } from './extract'
import { type PeerScope, peerScopes, runCyclonedxNpm, stripQualifiers } from './peer-cyclonedx-npm'

const corpus = requireCorpus()

/** Project folder, the lockfile's folder inside it, and the lockfile's name. */
const LOCKFILES: [project: string, dir: string, lockfile: string][] = [
  ['vscode-go', '', 'package-lock.json'],
  ['vscode-chrome-debug', '', 'package-lock.json'],
  ['vscode-chrome-debug', 'testdata/react', 'package-lock.json'],
  ['nodegoat', '', 'package-lock.json'],
  ['dependency-track-frontend', '', 'package-lock.json'],
  ['npm-cli', '', 'package-lock.json'],
  ['pdf.js', '', 'package-lock.json'],
  ['realworld-express-api', '', 'package-lock.json'],
  ['brackets', '', 'npm-shrinkwrap.json'],
]

type Kind = 'ours only' | 'peer only' | 'ours prod, peer dev' | 'ours dev, peer prod'

interface Documented {
  kind: Kind
  reason: string
  /** The differing purls, listed one by one... */
  purls?: string[]
  /** ...or, for a whole class, how many differences it covers: each must be a transitive component of ours. */
  transitiveCount?: number
}

const DEV_OPTIONAL =
  'lockfile flag devOptional (reached from devDependencies and as an optional or optional-peer dependency of a production package): npm keeps it with --omit=dev, so we keep it prod; the peer marks dev || devOptional as cdx:npm:package:development'

const DOCUMENTED: Record<string, Documented[]> = {
  'dependency-track-frontend/package-lock.json': [
    {
      kind: 'ours prod, peer dev',
      reason: DEV_OPTIONAL,
      purls: [
        'pkg:npm/graceful-fs@4.2.11',
        'pkg:npm/pify@4.0.1',
        'pkg:npm/errno@0.1.8',
        'pkg:npm/prr@1.0.1',
        'pkg:npm/mime@1.6.0',
      ],
    },
  ],
  'npm-cli/package-lock.json': [
    {
      kind: 'peer only',
      reason:
        "workspace members (packages entries outside node_modules, linked from node_modules): the project's own code, the graph root's members, not components (corpus README §5 excludes them too)",
      purls: [
        'pkg:npm/%40npmcli/arborist@8.0.0',
        'pkg:npm/%40npmcli/config@9.0.0',
        'pkg:npm/%40npmcli/docs@1.0.0',
        'pkg:npm/%40npmcli/mock-globals@1.0.0',
        'pkg:npm/%40npmcli/mock-registry@1.0.0',
        'pkg:npm/%40npmcli/smoke-tests@1.0.1',
        'pkg:npm/libnpmaccess@9.0.0',
        'pkg:npm/libnpmdiff@7.0.0',
        'pkg:npm/libnpmexec@9.0.0',
        'pkg:npm/libnpmfund@6.0.0',
        'pkg:npm/libnpmorg@7.0.0',
        'pkg:npm/libnpmpack@8.0.0',
        'pkg:npm/libnpmpublish@10.0.0',
        'pkg:npm/libnpmsearch@8.0.0',
        'pkg:npm/libnpmteam@7.0.0',
        'pkg:npm/libnpmversion@7.0.0',
      ],
    },
    {
      kind: 'ours prod, peer dev',
      reason: DEV_OPTIONAL,
      purls: ['pkg:npm/iconv-lite@0.6.3', 'pkg:npm/safer-buffer@2.1.2'],
    },
  ],
  'realworld-express-api/package-lock.json': [
    {
      kind: 'ours prod, peer dev',
      reason: `${DEV_OPTIONAL} (prisma is an optional peer of the production @prisma/client)`,
      purls: ['pkg:npm/prisma@4.16.2', 'pkg:npm/%40prisma/engines@4.16.2'],
    },
  ],
  'brackets/npm-shrinkwrap.json': [
    {
      kind: 'ours only',
      reason:
        'npm 2/3 shrinkwrap without lockfileVersion has no `requires`, so npm ls (arborist) cannot tell which entry needs which and the peer lists only the 42 direct dependencies of package.json; we read the nested `dependencies` tree, as npm 3 installed it',
      transitiveCount: 641,
    },
    {
      kind: 'ours prod, peer dev',
      reason:
        'tar@2.2.1 is a devDependency at the top level but also nested, without dev, under the production npm@3.10.10; the peer sees only the top-level copy',
      purls: ['pkg:npm/tar@2.2.1'],
    },
  ],
}

interface Difference {
  purl: string
  kind: Kind
}

function differences(ours: Map<string, PeerScope>, peer: Map<string, PeerScope>): Difference[] {
  const out: Difference[] = []
  for (const [purl, scope] of ours) {
    const theirs = peer.get(purl)
    if (theirs === undefined) out.push({ purl, kind: 'ours only' })
    else if (theirs !== scope)
      out.push({ purl, kind: scope === 'prod' ? 'ours prod, peer dev' : 'ours dev, peer prod' })
  }
  for (const purl of peer.keys()) if (!ours.has(purl)) out.push({ purl, kind: 'peer only' })
  return out
}

describe('our (purl, scope) set equals cyclonedx-npm --package-lock-only', () => {
  it.concurrent.each(LOCKFILES)(
    '%s %s %s',
    async (project, dir, lockfile) => {
      const folder = join(corpus, 'projects', project, dir)
      const names = ['package.json', lockfile]
      const ours = extractProject(
        names.map((name) => ({ path: name, content: readFileSync(join(folder, name), 'utf8') })),
      )
      expect(ours.errors).toEqual([])
      const ourScopes = new Map<string, PeerScope>()
      const direct = new Set<string>()
      for (const c of ours.graph.components) {
        const purl = stripQualifiers(c.purl)
        const scope: PeerScope = c.scope === 'dev' ? 'dev' : 'prod'
        if (ourScopes.get(purl) !== 'prod') ourScopes.set(purl, scope)
        if (c.direct) direct.add(purl)
      }
      const run = await runCyclonedxNpm(names.map((name) => ({ name, from: join(folder, name) })))
      const peer = peerScopes(run.bom)
      expect(peer.size).toBeGreaterThan(0)

      const documented = DOCUMENTED[join(project, dir, lockfile)] ?? []
      const undocumented: string[] = []
      const covered = new Map<Documented, number>()
      for (const d of differences(ourScopes, peer)) {
        const doc = documented.find(
          (e) =>
            e.kind === d.kind &&
            (e.purls ? e.purls.includes(d.purl) : e.transitiveCount !== undefined && !direct.has(d.purl)),
        )
        if (doc) covered.set(doc, (covered.get(doc) ?? 0) + 1)
        else undocumented.push(`${d.kind}: ${d.purl}`)
      }
      expect(undocumented, 'differences without a documented reason').toEqual([])
      // A documented difference that no longer occurs is stale: remove it.
      for (const doc of documented)
        expect(covered.get(doc) ?? 0, doc.reason).toBe(doc.purls?.length ?? doc.transitiveCount)
    },
    600_000,
  )
})
