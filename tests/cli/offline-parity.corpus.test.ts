// Issue 15 acceptance 2: `sextant scan --offline` on every npm corpus project gives the same findings
// as the server does for the same files and advisories (and the same registry): every vulnerable
// component with its advisories, every licence result, the same scores.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { corpusProject, npmAdvisories, runSextant, type ScanServer, scanEnv, startScanServer } from './kit'

// Every corpus project whose dependencies are npm packages (lockfiles of npm, yarn and pnpm; npm SBOMs).
const NPM_PROJECTS = [
  'vscode-go',
  'vscode-chrome-debug',
  'nodegoat',
  'dependency-track-frontend',
  'npm-cli',
  'pdf.js',
  'realworld-express-api',
  'brackets',
  'excalidraw',
  'jest',
  'prettier',
  'tanstack-query',
  'windicss',
  'cdx-juice-shop-11.1.2',
  'cdx-cern-lhc-vdm-editor',
]

interface Doc {
  security: {
    score: number
    assessments: {
      reports: { dependency: { library: { name: string }; version: string }; advices: { id: string }[] }[]
    }[]
  }
  stability: { score: number }
  licensing: {
    score: number
    reports: {
      results: {
        library: { name: string }
        version: string
        licenses: { id: string }[]
        violations: unknown[]
        warnings: string[]
      }[]
    }[]
  }
  summary: { components: number }
}

function findings(doc: Doc) {
  return {
    components: doc.summary.components,
    advisories: doc.security.assessments
      .flatMap((a) => a.reports)
      .flatMap((r) => r.advices.map((x) => `${r.dependency.library.name}@${r.dependency.version} ${x.id}`))
      .sort(),
    licences: doc.licensing.reports
      .flatMap((r) => r.results)
      .map(
        (r) =>
          `${r.library.name}@${r.version} ${r.licenses.map((l) => l.id).join('|')} ${r.violations.length} ${r.warnings.join('|')}`,
      )
      .sort(),
    scores: [doc.security.score, doc.stability.score, doc.licensing.score],
  }
}

describe("--offline gives the server's findings on every npm corpus project", () => {
  let s: ScanServer
  beforeAll(async () => {
    s = await startScanServer('embedded')
  }, 120_000)
  afterAll(async () => s?.close())

  it.each(NPM_PROJECTS)(
    '%s',
    async (project) => {
      const dir = corpusProject(project)
      const common = ['scan', dir, '--branch', 'main', '--allow-unassessed']
      const [online, offline] = await Promise.all([
        runSextant(
          [
            ...common,
            '--url',
            `https://git.example.org/corpus/${project}.git`,
            '--report-json',
            join(dir, 'server.json'),
          ],
          scanEnv(s.t.url),
        ),
        runSextant([
          ...common,
          '--offline',
          '--advisories',
          npmAdvisories,
          '--registry',
          s.registry.url,
          '--report-json',
          join(dir, 'offline.json'),
        ]),
      ])
      expect(online.code, online.err).toBeGreaterThanOrEqual(0)
      expect(offline.code, offline.err).toBe(online.code)
      const server = findings(JSON.parse(readFileSync(join(dir, 'server.json'), 'utf8')) as Doc)
      const local = findings(JSON.parse(readFileSync(join(dir, 'offline.json'), 'utf8')) as Doc)
      expect(server.components).toBeGreaterThan(0)
      expect(local).toEqual(server)
    },
    300_000,
  )
})
