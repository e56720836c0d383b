// The advice card's AI tab end to end (issue 8; report-page §2 "AI tab", §4 "AI chat", §6 "AI tab needs
// hasChaiFeature and chat enabled"): a member of an account with the chai feature, a server whose
// assistant is a local OpenAI-compatible fake streaming slowly; the tab opened from the keyboard shows
// the answer growing as it streams, as markdown, then a follow-up sent with Enter; an answer that
// breaks off shows its reason. Without the feature there is no AI tab. Screenshots and an axe-core scan of the chat.
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeAssistant, startFakeAssistant } from '../../packages/server/src/testing/fake-assistant'
import { TEST_ADMIN, type TestInstance } from '../../packages/server/src/testing/instance'
import { injectAxe, repoRoot, startTinyAppServer, type TinyAppServer } from './fixture'

const shots = join(repoRoot, 'test-results/screenshots')
const advisory = {
  id: 'GHSA-e2e0-ms00-0003',
  modified: '2024-01-01T00:00:00Z',
  aliases: ['CVE-2099-0003'],
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

describe('the AI tab in Chromium', () => {
  let t: TestInstance
  let server: TinyAppServer
  let fake: FakeAssistant
  let browser: Browser
  let pid = ''
  const tokens = { chai: '' }

  async function openReport(token: string, width = 1440, height = 900): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height } })
    await page.addInitScript((value) => window.localStorage.setItem('sextant.accessToken', value), token)
    await page.goto(`${t.url}/projects/?pid=${pid}&branch=main&mode=eli`)
    await page.getByTestId('component-card').first().waitFor({ timeout: 20_000 })
    return page
  }

  beforeAll(async () => {
    fake = await startFakeAssistant()
    server = await startTinyAppServer({
      records: [advisory],
      env: { SEXTANT_ASSISTANT_URL: fake.url, SEXTANT_ASSISTANT_MODEL: 'test-model' },
      features: ['chai'],
    })
    ;({ t, browser, pid } = server)
    tokens.chai = server.token
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    await fake?.close()
  })

  it('opens the AI tab from the keyboard and shows the answer streaming in, then a follow-up', async () => {
    fake.setAnswer([
      '### What it is\n\n',
      'The **ms** library ',
      'takes quadratic time on long strings.\n\n',
      '### What to do\n\n',
      '- Upgrade `ms` to **2.1.4** or later.\n',
    ])
    fake.setDelay(400)
    const page = await openReport(tokens.chai)
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    const toggle = page.getByTestId('advice-toggle').first()
    await toggle.focus()
    await page.keyboard.press('Enter')
    const description = page.getByRole('tab', { name: 'Description' })
    await description.waitFor()
    await description.focus()
    await page.keyboard.press('ArrowRight')
    const aiTab = page.getByRole('tab', { name: 'AI' })
    expect(await aiTab.getAttribute('aria-selected')).toBe('true')

    const answer = page.getByTestId('assistant-answer').first()
    // Part of the answer is on screen while the rest is still coming.
    await page.getByText('The ms library', { exact: false }).waitFor({ timeout: 10_000 })
    expect(await answer.getAttribute('data-done')).toBe('false')
    expect(await answer.textContent()).not.toContain('Upgrade')
    await page.getByRole('button', { name: 'Send' }).waitFor()
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true)
    await page.screenshot({ path: join(shots, 'assistant-streaming.png') })

    await page.waitForSelector('[data-testid="assistant-answer"][data-done="true"]', { timeout: 10_000 })
    expect(await answer.locator('h3').first().textContent()).toBe('What it is')
    expect(await answer.locator('strong').first().textContent()).toBe('ms')
    expect(await answer.locator('li').first().textContent()).toContain('Upgrade ms to 2.1.4')

    // The prompt told the model about the advice.
    const prompt = fake.requests.at(-1)!.body.messages![1]!.content
    expect(prompt).toContain('CVE-2099-0003')
    expect(prompt).toContain('Fixed in: 2.1.4')

    fake.setDelay(100)
    fake.setAnswer(['Only if ', 'you parse **untrusted** durations.'])
    const box = page.getByLabel('Ask a follow-up question')
    await box.focus()
    await page.keyboard.type('Is my application affected?')
    await page.keyboard.press('Enter')
    await page.getByTestId('assistant-question').getByText('Is my application affected?').waitFor()
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="assistant-answer"][data-done="true"]').length === 2,
      undefined,
      { timeout: 10_000 },
    )
    expect(await page.getByTestId('assistant-answer').nth(1).locator('strong').textContent()).toBe(
      'untrusted',
    )
    expect(await box.inputValue()).toBe('')
    const asked = fake.requests.at(-1)!.body.messages!
    expect(asked.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user'])

    await page.getByTestId('assistant-chat').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, 'assistant-chat.png') })
    await injectAxe(page)
    const serious = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run(c: string): Promise<{ violations: { id: string; impact: string | null }[] }>
          }
        }
      ).axe
      return (await axe.run('[data-testid="assistant-chat"]')).violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      )
    })
    expect(serious).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  }, 90_000)

  it('shows an answer that breaks off with its reason', async () => {
    fake.setDelay(0)
    fake.setAnswer(['Upgrade ', 'now.', 'never sent'])
    fake.inject({ kind: 'error-chunk', afterPieces: 2, message: 'model overloaded' })
    const page = await openReport(tokens.chai, 390, 844)
    await page.getByTestId('advice-toggle').first().click()
    await page.getByRole('tab', { name: 'AI' }).click()
    await page
      .getByText('The assistant service reported an error: model overloaded')
      .waitFor({ timeout: 10_000 })
    expect(await page.getByTestId('assistant-answer').first().textContent()).toContain('Upgrade now.')
    await page.getByTestId('assistant-chat').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, 'assistant-error-mobile.png') })
    await page.close()
  }, 60_000)

  it('has no AI tab when the account lacks the feature', async () => {
    await t.sextant.db.query("UPDATE accounts SET features = array_remove(features, 'chai')")
    // A new session reads the account afresh.
    const login = await fetch(`${t.url}/api/v1/credentials/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    })
    const token = ((await login.json()) as { accessToken: string }).accessToken
    const page = await openReport(token)
    await page.getByTestId('advice-toggle').first().click()
    await page.getByRole('tab', { name: 'Description' }).waitFor()
    expect(await page.getByRole('tab', { name: 'AI' }).count()).toBe(0)
    await page.close()
  }, 60_000)
})
