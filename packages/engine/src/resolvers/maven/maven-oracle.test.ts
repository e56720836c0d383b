// The oracle for the Maven resolver: Maven itself. Each fixtures/<case> project is resolved by
// `mvn -o dependency:tree` against Debian's /usr/share/maven-repo and by our resolver over a
// file:// repository at the same place; the trees (artifact, version, scope, parent) must be identical.
import { execFile } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { arch, tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { MavenRepository } from '../../datasources/maven-repository'
import { fileRegistryFetch } from '../../testing/registry-fetch'
import { DEFAULT_PROFILE_ENVIRONMENT } from './profiles'
import { resolveMavenProject } from './project'

const run = promisify(execFile)
const REPO = '/usr/share/maven-repo'
const fixtures = new URL('./fixtures/', import.meta.url).pathname
const HOW =
  'Maven is required for this test: apt-get update && apt-get install -y maven libmaven-dependency-plugin-java junit4 libjackson2-databind-java libcommons-lang3-java libcommons-text-java libhttpclient-java'

function mavenAvailable(): boolean {
  return (
    ['/usr/bin/mvn', '/usr/local/bin/mvn'].some(existsSync) &&
    existsSync(join(REPO, 'org/apache/maven/plugins/maven-dependency-plugin'))
  )
}

/**
 * `g:a:type[:classifier]:version:scope` lines → `parent > g:a:version:scope` rows. Maven 3.8's
 * dependency:tree 3.5.0 text output does not mark optional direct dependencies, so neither do the rows.
 */
function parseDependencyTree(text: string): string[] {
  const rows: string[] = []
  const stack: string[] = []
  for (const line of text.split('\n').slice(1)) {
    const m = /^([|\\+\- ]*?)([^\s|\\+-][^\s]*)(?: \((optional)\))?/.exec(line)
    if (!m || line.trim() === '') continue
    const depth = (m[1] as string).length / 3
    const parts = (m[2] as string).split(':')
    const [g, a, , ...rest] = parts
    const scope = rest.pop()
    const version = rest.pop()
    const classifier = rest.pop()
    const id = `${g}:${a}${classifier ? `:${classifier}` : ''}:${version}:${scope}${m[3] ? ':optional' : ''}`
    stack.length = depth - 1
    rows.push(`${stack[depth - 2] ?? 'ROOT'} > ${id}`)
    stack.push(`${g}:${a}`)
  }
  return rows
}

const CASES = [
  ['single', ['pom.xml']],
  ['scopes', ['pom.xml']],
  ['exclusions', ['pom.xml']],
  ['optional', ['pom.xml']],
  ['parent-local', ['child/pom.xml']],
  ['multi-module', ['pom.xml']],
  ['bom-import', ['pom.xml']],
  ['nearest-wins', ['pom.xml']],
  ['managed-transitive', ['pom.xml']],
  ['properties', ['pom.xml']],
  ['profile-default', ['pom.xml']],
  ['provided-transitive', ['pom.xml']],
  ['range', ['pom.xml']],
  ['scope-conflict', ['pom.xml']],
  ['relocation', ['pom.xml']],
  ['profile-property', ['pom.xml']],
  ['profile-jdk-os', ['pom.xml']],
  ['profile-file', ['pom.xml']],
] as const

/** Every file of a fixture project, root-relative (profile `<file>` activation reads them). */
function filesOf(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) => {
    const rel = prefix === '' ? e.name : `${prefix}/${e.name}`
    return e.isDirectory() ? filesOf(dir, rel) : [rel]
  })
}

/**
 * The machine Maven runs on, as profile activation sees it: the resolver's documented default
 * (JDK 17, Linux) with this machine's architecture, so os/arch profiles agree with mvn here.
 */
const environment = {
  ...DEFAULT_PROFILE_ENVIRONMENT,
  os: { ...DEFAULT_PROFILE_ENVIRONMENT.os, arch: arch() === 'x64' ? 'amd64' : arch() },
}

/**
 * Debian's repository has no maven-metadata, which ranges need: `range` runs against an overlay of
 * it (symlinks) that adds slf4j-api's metadata as Maven's local repository reads it and as a remote has it.
 */
function repositoryFor(name: string): string {
  if (name !== 'range') return REPO
  const metadata = readFileSync(join(fixtures, 'range/repository-metadata.xml'), 'utf8')
  const dir = 'org/slf4j/slf4j-api'
  const files: Record<string, string> = {
    [`${dir}/maven-metadata-local.xml`]: metadata,
    [`${dir}/maven-metadata.xml`]: metadata,
  }
  const root = mkdtempSync(join(tmpdir(), 'sextant-m2-'))
  const real = ['', 'org', 'org/slf4j', dir]
  for (const d of real) {
    mkdirSync(join(root, d), { recursive: true })
    for (const entry of readdirSync(join(REPO, d))) {
      const rel = d === '' ? entry : `${d}/${entry}`
      if (!real.includes(rel) && !(rel in files)) symlinkSync(join(REPO, rel), join(root, rel))
    }
  }
  for (const [rel, text] of Object.entries(files)) writeFileSync(join(root, rel), text)
  return root
}

async function mavenTrees(dir: string, pom: string, repo: string): Promise<Map<string, string[]>> {
  const out = mkdtempSync(join(tmpdir(), 'sextant-mvn-'))
  await run(
    'mvn',
    [
      '-o',
      '-q',
      '-B',
      `-Dmaven.repo.local=${repo}`,
      '-f',
      pom,
      'org.apache.maven.plugins:maven-dependency-plugin:3.5.0:tree',
      '-DoutputType=text',
      `-DoutputFile=${out}/\${project.artifactId}.txt`,
    ],
    { cwd: dir, timeout: 120_000 },
  )
  const trees = new Map<string, string[]>()
  for (const f of readdirSync(out))
    trees.set(f.replace(/\.txt$/, ''), parseDependencyTree(readFileSync(join(out, f), 'utf8')))
  return trees
}

describe('Maven resolver agrees with mvn dependency:tree', () => {
  it('has Maven and the Debian repository', () => {
    if (!mavenAvailable()) throw new Error(process.env.CI === 'true' ? `CI: ${HOW}` : HOW)
  })

  it.each(CASES)(
    '%s',
    async (name, poms) => {
      if (!mavenAvailable()) throw new Error(HOW)
      const dir = join(fixtures, name)
      for (const pom of poms) {
        const repo = repositoryFor(name)
        const expected = await mavenTrees(dir, pom, repo)
        const repository = new MavenRepository({ repositories: [`file://${repo}`], fetch: fileRegistryFetch })
        const readFile = (p: string): string | null =>
          existsSync(join(dir, p)) ? readFileSync(join(dir, p), 'utf8') : null
        const result = await resolveMavenProject({
          pomPath: pom,
          readFile,
          repository,
          paths: filesOf(dir),
          environment,
        })
        const ours = new Map<string, string[]>()
        for (const m of result.modules) {
          const key = (n: number | null): string => {
            if (n === null) return 'ROOT'
            const p = m.nodes[n]
            return p ? `${p.groupId}:${p.artifactId}` : '?'
          }
          ours.set(
            m.artifactId,
            m.nodes.map(
              (n) =>
                `${key(n.parent)} > ${n.groupId}:${n.artifactId}${n.classifier ? `:${n.classifier}` : ''}:${n.version}:${n.scope}`,
            ),
          )
        }
        const sort = (m: Map<string, string[]>): Record<string, string[]> =>
          Object.fromEntries([...m].map(([k, v]) => [k, [...v].sort()]))
        expect(sort(ours)).toEqual(sort(expected))
        expect(result.warnings).toEqual([])
      }
    },
    120_000,
  )
})
