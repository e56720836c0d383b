// One advice per vulnerability in the browser (issue 9 "A GHSA and a CVE describing one vulnerability
// are one advice showing every identifier"; report-page §2 Security assessment): two records of one
// vulnerability (a GHSA aliasing a CVE, another source's record aliasing the same CVE) show as one
// advice card whose badge is the CVE, with the GHSA and the other record's id beside it. Screenshot.
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestInstance } from '../../packages/server/src/testing/instance'
import { shots, startTinyAppServer, type TinyAppServer } from './fixture'

const affected = [
  {
    package: { ecosystem: 'npm', name: 'ms' },
    ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2.1.4' }] }],
  },
]
const records = [
  {
    id: 'GHSA-e2e0-ms00-0007',
    modified: '2024-01-01T00:00:00Z',
    aliases: ['CVE-2099-0007'],
    summary: 'ms is slow on long strings',
    details: 'A regular expression in ms takes quadratic time on long input.',
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }],
    affected,
  },
  {
    id: 'OSV-2099-77',
    modified: '2024-01-02T00:00:00Z',
    aliases: ['CVE-2099-0007'],
    summary: 'ms: quadratic time on long strings',
    affected,
  },
]

describe('aliased advisories in Chromium', () => {
  let t: TestInstance
  let server: TinyAppServer
  let browser: Browser
  let pid = ''
  let token = ''

  beforeAll(async () => {
    server = await startTinyAppServer({ records })
    ;({ t, browser, pid, token } = server)
  }, 120_000)
  afterAll(async () => {
    await server?.close()
  })

  it('shows one advice with the CVE badge and every other identifier beside it', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await page.addInitScript((value) => window.localStorage.setItem('sextant.accessToken', value), token)
    await page.goto(`${t.url}/projects/?pid=${pid}&branch=main&mode=eli`)
    await page.getByTestId('component-card').first().waitFor({ timeout: 20_000 })
    // The lockfile holds ms@2.1.3 and ms@2.1.2: one card each, one advice on each card.
    const cards = page.getByTestId('component-card')
    expect(await cards.count()).toBe(2)
    for (const card of await cards.all()) {
      expect(await card.getByTestId('cve-badge').allTextContents()).toEqual(['CVE-2099-0007'])
      expect(await card.getByTestId('advice-identifiers').allTextContents()).toEqual([
        'GHSA-e2e0-ms00-0007 · OSV-2099-77',
      ])
    }
    await cards.first().screenshot({ path: join(shots, 'advice-identifiers.png') })
    await page.close()
  })
})
