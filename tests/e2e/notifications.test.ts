// The notifications page in Chromium (issue 16 "Screens"; acceptance 4 "shows the failure with its reason
// in the delivery log"): an Administrator adds a webhook channel pointed at a local fake receiver (its
// secret never shown back), sends a test (delivered, then refused with the receiver's 500), adds a rule,
// and, once an advisory hits a project and the receiver answers 500, sees the failed delivery with its
// reason; the report page marks that finding New; a Viewer gets no edit controls and the server refuses
// their writes, but stops and resumes their own alert e-mails under My alerts; an anonymous visitor is
// sent to sign in. Screenshots.
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memberOfAccount } from '../../packages/server/src/resources/admin/test-kit'
import {
  type ApiAt,
  callerAccount,
  importRecords,
  lockOf,
  osvRecord,
  postJson,
  uploadProject,
} from '../../packages/server/src/testing/advisory-imports'
import { type FakeWebhook, startFakeWebhook } from '../../packages/server/src/testing/fake-notifications'
import {
  startTestInstance,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
} from '../../packages/server/src/testing/instance'
import { launchBrowser } from './browser'
import { seriousViolations, shots, signInAdmin, webDir } from './fixture'

const SECRET = 'a-signing-secret-of-16+'

describe('the notifications page in Chromium', () => {
  let t: TestInstance
  let hook: FakeWebhook
  let browser: Browser
  let admin = ''
  let viewer = ''
  let account = ''
  let api: ApiAt
  /** The project the advisory reached: its live report has one finding new since the clean one. */
  let notified = ''

  async function open(path: string, token: string | null): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    if (token) await page.addInitScript((v) => window.localStorage.setItem('sextant.accessToken', v), token)
    await page.goto(`${t.url}${path}`)
    return page
  }

  beforeAll(async () => {
    hook = await startFakeWebhook()
    t = await startTestInstance('embedded', {
      SEXTANT_SERVE_WEB: 'true',
      SEXTANT_WEB_DIR: webDir,
      SEXTANT_ALLOW_PRIVATE_INTEGRATIONS: 'true',
      SEXTANT_NOTIFY_RETRY_SECONDS: '1',
      SEXTANT_NOTIFY_ATTEMPTS: '2',
    })
    admin = await signInAdmin(t.url)
    api = { url: t.url, headers: { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` } }
    account = await callerAccount(api)
    const v = await memberOfAccount(t.sextant.db, account, 'vera.viewer@notify.test', 'Viewer')
    viewer = v.auth.replace(/^Bearer /, '')
    browser = await launchBrowser()
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await t?.close()
    await hook?.close()
  })

  it('adds a webhook channel, tests it, adds a rule and shows a failed delivery with its reason', {
    timeout: 180_000,
  }, async () => {
    const page = await open('/account/notifications', admin)
    await page.getByTestId('channels-empty').waitFor({ timeout: 30_000 })
    await page.getByTestId('channel-add').click()
    await page.getByTestId('channel-name').fill('Security receiver')
    await page.getByTestId('channel-url').fill(hook.url)
    await page.getByTestId('channel-secret').fill(SECRET)
    await page.getByTestId('channel-save').click()
    const table = page.getByTestId('channels-table')
    await table.getByText('Security receiver').waitFor()
    expect(await table.textContent()).toContain(hook.url)
    expect(await table.textContent()).toContain('set')

    await page.getByTestId('channel-test').click()
    await page.getByTestId('channel-test-result').getByText('Test message sent.').waitFor()
    expect(hook.requests).toHaveLength(1)
    hook.answerWith([500])
    await page.getByTestId('channel-test').click()
    await page.getByTestId('channel-test-result').getByText('webhook answered 500 receiver broke').waitFor()

    // changing the channel shows no secret and keeps the stored one when the field stays empty
    await page.getByTestId('channel-edit').click()
    expect(await page.getByTestId('channel-secret').inputValue()).toBe('')
    await page.getByTestId('channel-name').fill('Security hook')
    await page.getByTestId('channel-save').click()
    await table.getByText('Security hook').waitFor()

    await page.getByTestId('rule-add').click()
    await page.getByTestId('rule-name').fill('Every new finding')
    await page.getByTestId('rule-event-new-finding').click()
    await page.getByTestId('rule-dialog').screenshot({ path: join(shots, 'notifications-rule-dialog.png') })
    await page.getByTestId('rule-save').click()
    await page.getByTestId('rules-table').getByText('Every new finding').waitFor()
    expect(await page.getByTestId('rules-table').textContent()).toContain('Security hook (Webhook)')
    await page.getByTestId('deliveries-empty').waitFor()
    await page.screenshot({ path: join(shots, 'notifications-admin.png'), fullPage: true })

    // an advisory reaching a project's component while the receiver answers 500
    hook.answerWith([500, 500, 500])
    await importRecords(api, 'seed.jsonl', [osvRecord('GHSA-test-seed-0001', 'not-a-dependency', '1.0.0')])
    notified = await uploadProject(api, 'notified', [['package-lock.json', lockOf('ms', '2.1.3')]])
    await importRecords(api, 'ms.jsonl', [osvRecord('GHSA-test-note-0001', 'ms', '2.1.4')])
    const reason = 'webhook answered 500 receiver broke (gave up after 2 attempts)'
    const deliveries = page.getByTestId('deliveries-card')
    for (let tries = 0; !(await deliveries.getByText(reason).isVisible()); tries++) {
      if (tries > 60) throw new Error(`no failed delivery: ${await deliveries.textContent()}`)
      await page.waitForTimeout(1000)
      await page.reload()
      await deliveries.waitFor()
    }
    expect(await deliveries.textContent()).toContain('Failed')
    await page.getByTestId('deliveries-filter').getByText('Failures only').click()
    await page.getByTestId('deliveries-table').getByText(reason).waitFor()
    expect(await page.content()).not.toContain(SECRET)
    expect(await seriousViolations(page, '[data-testid="notifications-page"]')).toEqual([])
    await page.screenshot({ path: join(shots, 'notifications-failed-delivery.png'), fullPage: true })
    await page.close()
  })

  it('marks the finding new since the previous report on the report page', { timeout: 60_000 }, async () => {
    expect(notified).not.toBe('')
    const page = await open(`/projects/?pid=${notified}&branch=main`, admin)
    const item = page.getByTestId('advice-item').filter({ hasText: 'ms is vulnerable' })
    await item.getByTestId('finding-new').waitFor({ timeout: 30_000 })
    await page.getByTestId('advice-item').first().scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, 'notifications-report-new.png') })
    await page.close()
  })

  it('gives a Viewer no edit controls, and the server refuses their writes', {
    timeout: 60_000,
  }, async () => {
    const page = await open('/account/notifications', viewer)
    await page.getByTestId('notifications-not-allowed').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('channel-add').count()).toBe(0)
    expect(await page.getByTestId('account-tab-Notifications').count()).toBe(0)
    await page.screenshot({ path: join(shots, 'notifications-viewer.png'), fullPage: true })
    await page.close()
    const res = await fetch(`${t.url}/api/v1/accounts/${account}/notifications/channels`, {
      method: 'POST',
      headers: { authorization: `Bearer ${viewer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'webhook', name: 'x', url: hook.url, secret: SECRET }),
    })
    expect(res.status).toBe(403)
  })

  it('lets a Viewer stop and resume their own alert e-mails under My alerts', {
    timeout: 60_000,
  }, async () => {
    const channel = await postJson<{ uuid: string }>(
      api,
      `/api/v1/accounts/${account}/notifications/channels`,
      {
        kind: 'email',
        name: 'Viewers',
        recipients: ['vera.viewer@notify.test'],
      },
    )
    await postJson(api, `/api/v1/accounts/${account}/notifications/rules`, {
      name: 'Morning digest',
      events: ['new-finding'],
      channelUuid: channel.uuid,
      mode: 'digest',
    })
    const page = await open('/account/notifications', viewer)
    await page.getByTestId('account-tab-My alerts').click()
    await page.waitForURL(/\/account\/alerts/)
    const row = page.getByTestId('my-alert').filter({ hasText: 'Viewers' })
    await row.getByText('Morning digest (daily digest)').waitFor({ timeout: 30_000 })
    await row.getByRole('switch').click()
    await row.getByText('Not receiving').waitFor()
    const mine = async () =>
      (await (
        await fetch(`${t.url}/api/v1/users/me/notifications`, {
          headers: { authorization: `Bearer ${viewer}` },
        })
      ).json()) as { name: string; subscribed: boolean }[]
    expect((await mine()).find((s) => s.name === 'Viewers')?.subscribed).toBe(false)
    expect(await seriousViolations(page, '[data-testid="my-alerts"]')).toEqual([])
    await page.screenshot({ path: join(shots, 'notifications-my-alerts.png'), fullPage: true })
    await row.getByRole('switch').click()
    await row.getByText('Receiving', { exact: true }).waitFor()
    expect((await mine()).find((s) => s.name === 'Viewers')?.subscribed).toBe(true)
    await page.close()
  })

  it('sends an anonymous visitor to sign in', { timeout: 60_000 }, async () => {
    const page = await open('/account/notifications', null)
    await page.waitForURL(/sign-in/, { timeout: 30_000 })
    await page.screenshot({ path: join(shots, 'notifications-anonymous.png') })
    await page.close()
  })
})
