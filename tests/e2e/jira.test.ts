// The issue-tracker integration end to end (accounts-and-api §7 "Issue tracker", §6 'jira' feature;
// report-page §5 "Issue-tracker issue creation", §8 "Issue creation error shows in the dialog"): an
// Administrator sets the Jira site on /account/jira, checks the connection and picks the project's Jira
// project and issue type; then, on the report page, creates an issue from an advice's Actions tab: a
// refusal by Jira shows in the dialog, a success closes it, reloads the report and shows 'Jira issue
// created successfully' and the advice's link to its issue. Against a local fake Jira; screenshots.
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeJira, startFakeJira } from '../../packages/server/src/testing/fake-jira'
import type { TestInstance } from '../../packages/server/src/testing/instance'
import { seriousViolations, shots, startTinyAppServer, type TinyAppServer } from './fixture'

const advisory = {
  id: 'GHSA-e2e0-ms00-0004',
  modified: '2024-01-01T00:00:00Z',
  aliases: ['CVE-2099-0004'],
  summary: 'ms is slow on long strings',
  details: 'A regular expression in ms takes quadratic time on long input.',
  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }],
  affected: [
    {
      package: { ecosystem: 'npm', name: 'ms' },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2.1.4' }] }],
    },
  ],
}

describe('the Jira integration in Chromium', () => {
  let t: TestInstance
  let server: TinyAppServer
  let jira: FakeJira
  let browser: Browser
  let token = ''
  let pid = ''

  async function open(path: string, width = 1440, height = 900): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height } })
    await page.addInitScript((value) => window.localStorage.setItem('sextant.accessToken', value), token)
    await page.goto(`${t.url}${path}`)
    return page
  }

  /** Picks an option of a Mantine Select by its label. */
  async function choose(page: Page, testId: string, option: string) {
    await page.getByTestId(testId).click()
    await page.getByRole('option', { name: option, exact: true }).click()
  }

  beforeAll(async () => {
    jira = await startFakeJira()
    server = await startTinyAppServer({
      records: [advisory],
      env: { SEXTANT_ALLOW_PRIVATE_INTEGRATIONS: 'true' },
      features: ['jira'],
    })
    ;({ t, browser, pid, token } = server)
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    await jira?.close()
  })

  it('sets the Jira site, checks the connection and configures the project', async () => {
    const page = await open('/account/jira')
    await page.getByTestId('jira-site-card').waitFor({ timeout: 20_000 })
    await page.getByTestId('jira-base-url').fill(jira.url)
    await page.getByTestId('jira-email').fill(jira.email)
    await page.getByTestId('jira-token').fill('wrong-token')
    await page.getByTestId('jira-check').click()
    const result = page.getByTestId('jira-check-result')
    await result.waitFor()
    expect(await result.textContent()).toContain('Jira refused the credentials (HTTP 401)')
    await page.getByTestId('jira-token').fill(jira.apiToken)
    await page.getByTestId('jira-check').click()
    await page.getByText(`Connected to ${jira.url} as Jira Bot.`).waitFor()
    await page.getByTestId('jira-save').click()
    await page.getByText('The Jira configuration was saved.').waitFor()
    // The token is not shown again: the field is empty and says one is stored.
    expect(await page.getByTestId('jira-token').inputValue()).toBe('')
    expect(await page.getByTestId('jira-token').getAttribute('placeholder')).toContain('stored')

    await page.getByTestId('jira-project-card').waitFor()
    await choose(page, 'jira-project', 'tiny-app')
    await choose(page, 'jira-remote-project', 'Security (SEC)')
    await choose(page, 'jira-project-issue-type', 'Bug')
    await page.getByTestId('jira-labels').fill('sextant')
    await page.keyboard.press('Enter')
    await page.getByTestId('jira-project-check').click()
    await page.getByText('Issues go to Security (SEC) as Bug.').waitFor()
    await page.getByTestId('jira-project-save').click()
    await page.getByText('The project now sends its issues to Jira.').waitFor()
    expect(await seriousViolations(page, 'main')).toEqual([])
    await page.screenshot({ path: join(shots, 'jira-account-configuration.png'), fullPage: true })
    await page.close()
  })

  it('creates an issue from the Actions tab: an error in the dialog, then success and the link', async () => {
    const page = await open(`/projects/?pid=${pid}&branch=main&mode=eli`)
    await page.getByTestId('component-card').first().waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('jira-link').count()).toBe(0)
    await page.getByTestId('advice-toggle').first().click()
    await page.getByRole('tab', { name: 'Actions' }).click()
    await page.getByTestId('jira-open').click()
    const dialog = page.getByTestId('jira-dialog')
    await dialog.waitFor()
    const summary = await page.getByTestId('jira-summary').inputValue()
    expect(summary).toBe('CVE-2099-0004 in ms@2.1.2: ms is slow on long strings')
    expect(await page.getByTestId('jira-description').inputValue()).toContain('Fixed in: 2.1.4')
    // Jira refuses the Vulnerability type without its Severity field: the reason shows in the dialog.
    await choose(page, 'jira-issue-type', 'Vulnerability')
    await page.getByText('Jira also requires Severity for this type').waitFor()
    expect(await page.getByTestId('jira-priority').count()).toBe(0)
    await page.getByTestId('jira-create').click()
    const error = page.getByTestId('jira-error')
    await error.waitFor()
    expect(await error.textContent()).toContain('customfield_10050: Severity is required.')
    await page.screenshot({ path: join(shots, 'jira-dialog-error.png') })
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([])

    await choose(page, 'jira-issue-type', 'Bug')
    // §5: Bug has a priority field; the default is index round(severity number × 5 / 5) of Jira's five
    // priorities: this HIGH advice (CVSS 7.5) gets 1, High.
    expect(await page.getByTestId('jira-priority').inputValue()).toBe('High')
    await page.screenshot({ path: join(shots, 'jira-dialog-priority.png') })
    await page.getByTestId('jira-create').click()
    await page.getByText('Jira issue created successfully').waitFor({ timeout: 10_000 })
    expect(await dialog.count()).toBe(0)
    const link = page.getByTestId('jira-link').first()
    await link.waitFor()
    expect(await link.getAttribute('href')).toBe(`${jira.url}/browse/SEC-1`)
    expect(await link.textContent()).toBe('Jira SEC-1')
    await page
      .waitForSelector('[data-testid="loading-modal"]', { state: 'detached', timeout: 5_000 })
      .catch(() => undefined)
    await page.screenshot({ path: join(shots, 'jira-issue-created.png') })
    const created = jira.issues.at(-1)!
    expect(created.fields.summary).toBe(summary)
    expect(created.fields.issuetype.name).toBe('Bug')
    expect(created.fields.priority).toEqual({ id: '2', name: 'High' })
    expect(created.fields.labels).toEqual(['sextant'])
    // The reloaded report carries the issue: the Actions tab links to it instead of offering another.
    expect(await page.getByTestId('jira-open').count()).toBe(0)
    await page.close()
  })

  it('at 390 px: an advice with an issue offers only its link; the Jira screen passes an axe scan', async () => {
    const page = await open(`/projects/?pid=${pid}&branch=main&mode=eli`, 390, 844)
    await page.getByTestId('component-card').first().waitFor({ timeout: 20_000 })
    // The second component's advice has the same id as the first: it shares the project's issue.
    expect(await page.getByTestId('jira-link').count()).toBeGreaterThan(0)
    const withoutIssue = jira.issues.length
    await page.getByTestId('advice-toggle').first().click()
    await page.getByRole('tab', { name: 'Actions' }).click()
    expect(await page.getByTestId('jira-open').count()).toBe(0)
    await page.screenshot({ path: join(shots, 'jira-advice-linked-390.png'), fullPage: false })
    expect(jira.issues.length).toBe(withoutIssue)
    await page.close()

    const account = await open('/account/jira', 390, 844)
    await account.getByTestId('jira-site-card').waitFor({ timeout: 20_000 })
    expect(await seriousViolations(account, 'main')).toEqual([])
    await account.screenshot({ path: join(shots, 'jira-account-390.png'), fullPage: true })
    await account.close()
  })
})
