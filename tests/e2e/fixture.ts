// Shared set-up of the browser tests (issue 8 acceptance): a server with the web app and the corpus
// npm advisories behind a local npm registry, Chromium, a signed-in admin, a corpus project uploaded,
// and the axe-core scan that finds serious or critical violations.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import {
  startTestInstance,
  TEST_ADMIN,
  type TestInstance,
  waitForReport,
} from '../../packages/server/src/testing/instance'
import {
  corpusDir,
  startTestNpmRegistry,
  type TestNpmRegistry,
} from '../../packages/server/src/testing/npm-registry'
import { launchBrowser } from './browser'

export const repoRoot = resolve(import.meta.dirname, '../..')
export const webDir = join(repoRoot, 'packages/web/dist')
export const shots = join(repoRoot, 'test-results/screenshots')
const serverFixtures = join(repoRoot, 'packages/server/src/resources/fixtures')
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

interface AxeViolation {
  id: string
  impact: string | null
  nodes: { target: string[] }[]
}

/**
 * Puts axe-core on the page. Evaluated through the DevTools protocol, not added as a <script>: the page's
 * Content-Security-Policy (script-src 'self') refuses inline scripts, as it should.
 */
export async function injectAxe(page: Page): Promise<void> {
  await page.evaluate(readFileSync(axePath, 'utf8'))
}

/** axe-core's serious and critical violations inside selector, as readable lines. */
export async function seriousViolations(page: Page, selector = 'body'): Promise<string[]> {
  await injectAxe(page)
  const violations = await page.evaluate(async (context) => {
    const axe = (
      window as unknown as { axe: { run(c: string, o: unknown): Promise<{ violations: AxeViolation[] }> } }
    ).axe
    return (await axe.run(context, { resultTypes: ['violations'] })).violations
  }, selector)
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    )
}

export interface E2eServer {
  t: TestInstance
  browser: Browser
  registry: TestNpmRegistry
  close(): Promise<void>
}

/** Server (web app served, corpus npm advisories synced at start-up) and Chromium. */
export async function startE2eServer(
  env: Record<string, string> = {},
  options: { clock?: () => Date } = {},
): Promise<E2eServer> {
  if (!existsSync(join(webDir, 'index.html')))
    throw new Error('The web app is not built: run `npm run build:web` (npm test does).')
  const registry = await startTestNpmRegistry()
  const t = await startTestInstance(
    'embedded',
    {
      SEXTANT_SERVE_WEB: 'true',
      SEXTANT_WEB_DIR: webDir,
      SEXTANT_OFFLINE: 'false',
      SEXTANT_NPM_REGISTRY: registry.url,
      SEXTANT_ADVISORY_SOURCES: join(corpusDir, 'osv/npm.jsonl.gz'),
      ...env,
    },
    options.clock ? { clock: options.clock } : {},
  )
  const browser = await launchBrowser()
  return {
    t,
    browser,
    registry,
    async close() {
      await browser.close()
      await t.close()
      await registry.close()
    },
  }
}

export async function signInAdmin(url: string): Promise<string> {
  const login = await fetch(`${url}/api/v1/credentials/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  })
  return ((await login.json()) as { accessToken: string }).accessToken
}

/** Waits for the start-up advisory sync, which must finish before an analysis. */
export async function waitForAdvisories(url: string): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 500) {
    const stats = (await (await fetch(`${url}/api/v1/stats/advisories-dbs`)).json()) as {
      databases: { status: string }[]
    }
    if (stats.databases[0]?.status === 'OK') return
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('The corpus advisories were not synced within 60 s')
}

/** Uploads a corpus project's files as a new project and waits for its first report; answers its uuid. */
export async function uploadCorpusProject(
  url: string,
  token: string,
  project: string,
  files: string[],
): Promise<string> {
  await waitForAdvisories(url)
  const form = new FormData()
  for (const f of files)
    form.append('file', new Blob([readFileSync(join(corpusDir, 'projects', project, f))]), f)
  const res = await fetch(`${url}/api/v1/uploads/new/manifests?branch=main&name=${project}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  })
  if (res.status !== 202) throw new Error(`Upload of ${project} answered ${res.status}: ${await res.text()}`)
  const pid = ((await res.json()) as { projectUuid: string }).projectUuid
  await waitForReport(url, pid, 'main', { Authorization: `Bearer ${token}` }, 60_000)
  return pid
}

export interface TinyAppServer {
  t: TestInstance
  browser: Browser
  /** The signed-in administrator's access token. */
  token: string
  /** The uploaded tiny app's project uuid, with its first report on branch main. */
  pid: string
  close(): Promise<void>
}

/**
 * A server whose only advisories are `records` (OSV JSON), the server fixture's tiny npm app
 * (package.json + package-lock.json) uploaded and analysed, the administrator signed in after the
 * given account `features` were switched on, and Chromium.
 */
export async function startTinyAppServer(options: {
  records: object[]
  env?: Record<string, string>
  features?: string[]
}): Promise<TinyAppServer> {
  mkdirSync(shots, { recursive: true })
  const dir = mkdtempSync(join(tmpdir(), 'sx-osv-'))
  writeFileSync(
    join(dir, 'advisories.jsonl'),
    `${options.records.map((r) => JSON.stringify(r)).join('\n')}\n`,
  )
  const t = await startTestInstance('embedded', {
    SEXTANT_SERVE_WEB: 'true',
    SEXTANT_WEB_DIR: webDir,
    SEXTANT_ADVISORY_SOURCES: join(dir, 'advisories.jsonl'),
    ...options.env,
  })
  // Features are set before the admin's first authenticated call (accounts are cached per session).
  for (const feature of options.features ?? [])
    await t.sextant.db.query(
      'UPDATE accounts SET features = array_append(features, $2) WHERE uuid = (SELECT m.account_uuid FROM memberships m JOIN users u ON u.uuid = m.user_uuid WHERE u.email = $1)',
      [TEST_ADMIN.email, feature],
    )
  const token = await signInAdmin(t.url)
  await waitForAdvisories(t.url)
  const form = new FormData()
  for (const f of ['package.json', 'package-lock.json'])
    form.append('file', new Blob([readFileSync(join(serverFixtures, f))]), f)
  const auth = { Authorization: `Bearer ${token}` }
  const res = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main&name=tiny-app`, {
    method: 'POST',
    headers: auth,
    body: form,
  })
  if (res.status !== 202)
    throw new Error(`Upload of the tiny app answered ${res.status}: ${await res.text()}`)
  const pid = ((await res.json()) as { projectUuid: string }).projectUuid
  await waitForReport(t.url, pid, 'main', auth, 60_000)
  const browser = await launchBrowser()
  return {
    t,
    browser,
    token,
    pid,
    async close() {
      await browser.close()
      await t.close()
    },
  }
}
