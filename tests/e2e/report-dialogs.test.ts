// Issue 8's remaining flows in Chromium: /projects.html search, sorting and Add project by drag-and-drop
// of a corpus lockfile and by repository URL (a local bare git repository; progress until the report opens); 'Request to Delete' with its dialogs and the
// 800 ms delay; the badges banner, page and dialog; the tree window search from a component card; an
// axe-core scan of every dialog of the report page and a keyboard-only walk opening and closing each.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Locator, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { corpusDir } from '../../packages/server/src/testing/npm-registry'
import {
  type E2eServer,
  seriousViolations,
  shots,
  signInAdmin,
  startE2eServer,
  uploadCorpusProject,
} from './fixture'

describe('report dialogs and the project list in Chromium', () => {
  let server: E2eServer
  let t: E2eServer['t']
  let browser: Browser
  let token = ''
  let pid = ''

  async function open(path: string, width = 1440, height = 900): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height } })
    await page.addInitScript((value) => window.localStorage.setItem('sextant.accessToken', value), token)
    await page.goto(`${t.url}${path}`)
    return page
  }
  const reportPath = (extra = '') => `/projects/?pid=${pid}&branch=main&mode=eli${extra}`

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true })
    server = await startE2eServer({ SEXTANT_ALLOW_LOCAL_REPOSITORIES: 'true' })
    ;({ t, browser } = server)
    token = await signInAdmin(t.url)
    pid = await uploadCorpusProject(t.url, token, 'nodegoat', ['package.json', 'package-lock.json'])
  }, 180_000)
  afterAll(async () => {
    await server?.close()
  })

  it('adds a project by dropping a corpus lockfile and opens its first report; searches and sorts', async () => {
    const page = await open('/projects.html')
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.getByTestId('project-row').first().waitFor({ timeout: 15_000 })
    await page.getByTestId('add-project').click()
    await page.getByRole('dialog', { name: 'Add project' }).waitFor()
    // nothing chosen: the upload is refused with a message, nothing is sent
    await page.getByTestId('add-project-submit').click()
    await expect
      .poll(() => page.getByTestId('add-project-error').textContent())
      .toBe('Choose at least one file to upload.')
    // drag-and-drop: a drop event carrying the lockfile in a DataTransfer
    const lockfile = readFileSync(join(corpusDir, 'projects/realworld-express-api/package-lock.json'), 'utf8')
    const dataTransfer = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer()
      transfer.items.add(new File([text], 'package-lock.json', { type: 'application/json' }))
      return transfer
    }, lockfile)
    await page.dispatchEvent('[data-testid="upload-drop-zone"]', 'dragover', { dataTransfer })
    await page.dispatchEvent('[data-testid="upload-drop-zone"]', 'drop', { dataTransfer })
    await expect.poll(() => page.getByTestId('picked-file').count()).toBe(1)
    await page.getByTestId('project-name-input').fill('realworld')
    await page.screenshot({ path: join(shots, 'dialog-add-project.png') })
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([])
    await page.getByTestId('add-project-submit').click()
    await page.getByTestId('processing-page').waitFor({ timeout: 10_000 })
    expect(await page.getByTestId('processing-page').getAttribute('data-kind')).toBe('analysis')
    await page.screenshot({ path: join(shots, 'processing-analysis.png') })
    // the processing page follows the analysis and opens the first report
    await expect
      .poll(
        () =>
          page
            .getByTestId('project-name')
            .textContent()
            .catch(() => ''),
        { timeout: 60_000 },
      )
      .toBe('realworld')
    await page.getByTestId('report-body').waitFor({ timeout: 15_000 })
    expect(new URL(page.url()).pathname).toBe('/projects/')
    // back on the list: two projects, searchable and sortable
    await page.goto(`${t.url}/projects.html`)
    await expect.poll(() => page.getByTestId('project-row').count(), { timeout: 15_000 }).toBe(2)
    const rowNames = () => page.locator('[data-testid="project-row"] a').first().textContent()
    expect(await rowNames()).toBe('nodegoat')
    await page.getByTestId('project-sort').click()
    await page.getByRole('option', { name: 'Name (Z to A)' }).click()
    await expect.poll(rowNames).toBe('realworld')
    await page.getByTestId('project-search').fill('GOAT')
    await expect.poll(() => page.getByTestId('project-row').count()).toBe(1)
    expect(await rowNames()).toBe('nodegoat')
    await page.getByTestId('project-search').fill('no such project')
    await page.getByTestId('projects-no-match').waitFor()
    await page.getByTestId('project-search').fill('')
    await page.screenshot({ path: join(shots, 'projects-page.png') })
    expect(await seriousViolations(page)).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: join(shots, 'projects-page-mobile.png'), fullPage: true })
    await page.getByTestId('add-project').click()
    await page.getByRole('dialog', { name: 'Add project' }).waitFor()
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(shots, 'dialog-add-project-mobile.png') })
    await page.keyboard.press('Escape')
    expect(errors).toEqual([])
    await page.close()
  }, 120_000)

  /** A bare git repository holding a corpus project's manifest and lockfile on main. */
  function bareRepository(project: string, files: string[]): string {
    const root = mkdtempSync(join(tmpdir(), 'sextant-e2e-git-'))
    const work = join(root, 'work')
    mkdirSync(work)
    const env = {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@t',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@t',
    }
    const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env, encoding: 'utf8' })
    git(work, 'init', '-q', '-b', 'main')
    for (const f of files) writeFileSync(join(work, f), readFileSync(join(corpusDir, 'projects', project, f)))
    git(work, 'add', ...files)
    git(work, 'commit', '-q', '-m', 'import')
    git(root, 'clone', '-q', '--bare', work, join(root, 'repo.git'))
    return `file://${join(root, 'repo.git')}`
  }

  it('adds a project from a repository URL, refusing a private address with its reason', async () => {
    const page = await open('/projects.html')
    await page.getByTestId('project-row').first().waitFor({ timeout: 15_000 })
    await page.getByTestId('add-project').click()
    await page.getByRole('dialog', { name: 'Add project' }).waitFor()
    await page.getByText('Repository URL', { exact: true }).click()
    await page.getByTestId('add-project-submit').click()
    await expect
      .poll(() => page.getByTestId('add-project-error').textContent())
      .toContain('Enter the address of the repository')
    await page.getByTestId('repository-url').fill('http://127.0.0.1/team/app.git')
    await page.getByTestId('add-project-submit').click()
    await expect
      .poll(() => page.getByTestId('add-project-error').textContent())
      .toMatch(/127\.0\.0\.1|private|loopback/i)
    await page.screenshot({ path: join(shots, 'dialog-add-project-url.png') })
    await page
      .getByTestId('repository-url')
      .fill(bareRepository('nodegoat', ['package.json', 'package-lock.json']))
    await page.getByTestId('project-name-input').fill('nodegoat-from-git')
    await page.getByTestId('add-project-submit').click()
    await page.getByTestId('processing-page').waitFor({ timeout: 10_000 })
    await expect
      .poll(
        () =>
          page
            .getByTestId('project-name')
            .textContent()
            .catch(() => ''),
        { timeout: 60_000 },
      )
      .toBe('nodegoat-from-git')
    await page.getByTestId('report-body').waitFor({ timeout: 15_000 })
    await page.close()
  }, 120_000)

  it("asks 'Do you want this report to be deleted?' on a live report and confirms 800 ms after closing", async () => {
    const page = await open(reportPath('&live=true'))
    await page.getByTestId('request-delete').waitFor({ timeout: 20_000 })
    // the live report page itself, with the button and the badges banner
    expect(await seriousViolations(page)).toEqual([])
    await page.getByTestId('request-delete').click()
    const dialog = page.getByTestId('delete-dialog')
    await expect.poll(() => dialog.textContent()).toContain('Do you want this report to be deleted?')
    await page.getByTestId('delete-yes').click()
    await expect
      .poll(() => dialog.textContent())
      .toContain('Enter the e-mail address we should confirm the deletion to.')
    await page.getByTestId('delete-email').fill('owner@example.org')
    await page.screenshot({ path: join(shots, 'dialog-delete-request.png') })
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([])
    const closedAt = Date.now()
    await page.getByTestId('delete-yes').click()
    await page.getByTestId('delete-confirmation').getByText('Your report will be deleted').first().waitFor()
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(780)
    await page.screenshot({ path: join(shots, 'dialog-delete-confirmation.png') })
    await page.getByTestId('delete-ok').click()
    const listed = (await (
      await fetch(`${t.url}/api/v1/admin/deletion-requests`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as { projectUuid: string; email: string; production: boolean }[]
    expect(listed).toMatchObject([{ projectUuid: pid, email: 'owner@example.org', production: false }])
    // not a live report: no button
    await page.goto(`${t.url}${reportPath()}`)
    await page.getByTestId('executive-summary').waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('request-delete').count()).toBe(0)
    await page.close()
  }, 60_000)

  it('suggests badges, shows them with copyable snippets, and remembers a dismissal', async () => {
    const page = await open(reportPath())
    await page.getByTestId('badges-banner').waitFor({ timeout: 20_000 })
    await page.getByTestId('badges-link').click()
    await page.getByTestId('badges-page').waitFor()
    await expect.poll(() => page.getByTestId('badge-image').count(), { timeout: 10_000 }).toBe(3)
    const markdown = await page.getByTestId('badge-markdown-security').textContent()
    // a private project: the snippet carries the badge key, and the badge answers without a session
    const image = /\]\((http[^)]+)\)\]/.exec(markdown ?? '')?.[1] ?? ''
    expect(image).toContain(`/api/v2/badges/${pid}/security?branch=main&key=`)
    const anonymous = await fetch(image)
    expect(anonymous.status).toBe(200)
    expect(anonymous.headers.get('content-type')).toContain('image/svg+xml')
    expect(await page.getByTestId('badge-html-licensing').textContent()).toMatch(
      /^<a href="http[^"]+\/projects\/\?pid=[^"]+"><img src="[^"]+licensing[^"]+" alt="licensing score"><\/a>$/,
    )
    await page.screenshot({ path: join(shots, 'badges-page.png'), fullPage: true })
    expect(await seriousViolations(page)).toEqual([])
    await page.goBack()
    await page.getByTestId('badges-dismiss').click()
    await page.reload()
    await page.getByTestId('executive-summary').waitFor({ timeout: 20_000 })
    expect(await page.getByTestId('badges-banner').count()).toBe(0)
    await page.close()
  }, 60_000)

  it('searches a component in the tree window from its card; re-opening focuses the same window', async () => {
    const page = await open(reportPath())
    const card = page.getByTestId('component-card').first()
    await card.waitFor({ timeout: 20_000 })
    const [tree] = await Promise.all([page.waitForEvent('popup'), card.getByTestId('show-in-tree').click()])
    await tree.getByTestId('tree-node').first().waitFor({ timeout: 20_000 })
    // the search arrives once the tree is loaded: the card's name:version is in the search box
    await expect
      .poll(() => tree.getByTestId('tree-search').inputValue(), { timeout: 10_000 })
      .toMatch(/.+:.+/)
    const target = await tree.getByTestId('tree-search').inputValue()
    const shown = await tree.locator('[data-testid="tree-node"]').allTextContents()
    expect(shown.some((text) => text.replace(/\s+/g, '').includes(target.split(':')[0] ?? ''))).toBe(true)
    await tree.screenshot({ path: join(shots, 'tree-search.png') })
    // a second card: no new window, the same one searches again
    let popups = 0
    page.on('popup', () => popups++)
    await page.getByTestId('component-card').nth(1).getByTestId('show-in-tree').click()
    await expect
      .poll(() => tree.getByTestId('tree-search').inputValue(), { timeout: 10_000 })
      .not.toBe(target)
    expect(popups).toBe(0)
    await tree.close()
    await page.close()
  }, 60_000)

  /** Opens a dialog from the keyboard (focus + Enter), scans it, closes it with Escape, checks the focus. */
  /** Finite animations (a dialog's or menu's fade) have ended; endless ones (a glowing button) are ignored. */
  const transitionsEnded = (page: Page) =>
    page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    )

  async function keyboardDialog(
    page: Page,
    trigger: Locator,
    name: string,
    key = 'Enter',
  ): Promise<string[]> {
    await trigger.scrollIntoViewIfNeeded()
    await trigger.focus()
    await page.keyboard.press(key)
    const dialog = page.getByRole('dialog').last()
    await dialog.waitFor({ timeout: 10_000 })
    // the modal's transition: axe reads colours mid-fade as low contrast
    await transitionsEnded(page)
    await page.screenshot({ path: join(shots, `a11y-${name}.png`) })
    const found = await seriousViolations(page, '[role="dialog"]')
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 5_000 }).toBe(0)
    // Mantine hands the focus back to the element that opened the dialog
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true)
    return found.map((line) => `${name}: ${line}`)
  }

  it('every dialog of the report page passes axe and opens and closes from the keyboard', async () => {
    // an exclusion to remove (confirm-removal dialog)
    const page = await open(reportPath('&live=true'))
    await page.getByTestId('advice-item').first().waitFor({ timeout: 20_000 })
    const found: string[] = []
    // exclude: Actions tab from the keyboard
    await page.getByTestId('advice-toggle').first().focus()
    await page.keyboard.press('Enter')
    const actions = page.getByRole('tab', { name: 'Actions' }).first()
    await actions.focus()
    await page.keyboard.press('Enter')
    found.push(...(await keyboardDialog(page, page.getByTestId('action-mitigated').first(), 'exclude')))
    // create one exclusion from the keyboard, then the confirm-removal dialog
    await page.getByTestId('action-mitigated').first().focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('exclude-explanation').waitFor()
    await page.keyboard.type('Not reachable from our code.')
    await page.getByTestId('exclude-submit').focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('exclusion-item').first().waitFor({ timeout: 10_000 })
    found.push(
      ...(await keyboardDialog(page, page.getByTestId('exclusion-remove').first(), 'confirm-removal')),
    )
    // delete request and badges
    found.push(...(await keyboardDialog(page, page.getByTestId('request-delete'), 'delete-request')))
    found.push(...(await keyboardDialog(page, page.getByTestId('badges-button'), 'badges')))
    // downloads menu: opens with Enter, closes with Escape
    const downloads = page.getByTestId('download-menu')
    await downloads.focus()
    await page.keyboard.press('Enter')
    await page.getByRole('menu').waitFor()
    // axe reads colours mid-fade as low contrast: wait until the menu is fully opaque and its transition
    // has ended. Checking running animations alone can pass before the fade has begun (Mantine starts it
    // a frame after the menu mounts), which made this check fail now and then.
    await page.waitForFunction(() => {
      const menu = document.querySelector('[role="menu"]')
      return menu !== null && getComputedStyle(menu).opacity === '1'
    })
    await transitionsEnded(page)
    expect(await seriousViolations(page, '[role="menu"]')).toEqual([])
    await page.screenshot({ path: join(shots, 'a11y-downloads.png') })
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('menu').count()).toBe(0)
    // history details, then the differences from it
    const history = page.getByTestId('section-history')
    await history.getByRole('button', { name: /Project history/ }).focus()
    await page.keyboard.press('Enter')
    found.push(...(await keyboardDialog(page, page.getByTestId('history-point').last(), 'history-details')))
    await page.getByTestId('history-point').last().focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('history-diff').waitFor()
    await page.getByTestId('history-diff').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.textContent('body'), { timeout: 10_000 }).toContain('COMPONENTS')
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(shots, 'a11y-diff.png') })
    found.push(...(await seriousViolations(page, '[role="dialog"]')).map((line) => `diff: ${line}`))
    // Escape closes the differences, then the details under them
    for (const left of [1, 0]) {
      await page.keyboard.press('Escape')
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 5_000 }).toBe(left)
    }
    expect(found).toEqual([])
    await page.close()
  }, 120_000)

  it('shows the loading modal while another report of the history loads, and hides it 500 ms after', async () => {
    const auth = { Authorization: `Bearer ${token}` }
    const recompute = await fetch(`${t.url}/api/v1/reports/${pid}/full?branch=main`, {
      method: 'POST',
      headers: auth,
    })
    expect(recompute.status).toBeLessThan(300)
    const historyLength = async () =>
      (
        (await (
          await fetch(`${t.url}/api/v1/reports/${pid}/history?branch=main&limit=20`, { headers: auth })
        ).json()) as unknown[]
      ).length
    await expect.poll(historyLength, { timeout: 60_000, interval: 500 }).toBeGreaterThanOrEqual(2)
    const page = await open(reportPath())
    await page.getByTestId('report-body').waitFor({ timeout: 20_000 })
    const shown = await page.getByTestId('report-body').getAttribute('data-report-uuid')
    // the historic report answers after a second, so that the modal can be seen and scanned
    // (the page reads a historic report's outline, and its sections by pages; the full route stays for
    // older clients)
    const slow = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      await route.continue()
    }
    await page.route('**/api/v1/reports/*/full/*', slow)
    await page.route('**/api/v2/reports/*/outline/*', slow)
    const select = page.getByTestId('history-select')
    const older = (await select.locator('option').nth(1).getAttribute('value')) ?? ''
    expect(older).not.toBe(shown)
    // The page's own clock says when the older report showed and when the modal went: a loaded machine
    // can only delay the test's polling, not the page's 500 ms timer.
    await page.evaluate((uuid) => {
      const seen: { arrived?: number; hidden?: number } = {}
      ;(window as unknown as { sxSeen: typeof seen }).sxSeen = seen
      new MutationObserver(() => {
        const body = document.querySelector('[data-testid="report-body"]')
        if (seen.arrived === undefined && body?.getAttribute('data-report-uuid') === uuid)
          seen.arrived = performance.now()
        if (
          seen.arrived !== undefined &&
          seen.hidden === undefined &&
          document.querySelectorAll('[role="dialog"]').length === 0
        )
          seen.hidden = performance.now()
      }).observe(document.body, { subtree: true, childList: true, attributes: true })
    }, older)
    await select.selectOption(older)
    const modal = page.getByRole('dialog')
    await modal.getByText('Loading the report…').waitFor({ timeout: 5_000 })
    // the report shown so far stays under the modal
    expect(await page.getByTestId('report-body').getAttribute('data-report-uuid')).toBe(shown)
    await page.screenshot({ path: join(shots, 'dialog-loading-modal.png') })
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([])
    await expect
      .poll(() => page.getByTestId('report-body').getAttribute('data-report-uuid'), { timeout: 10_000 })
      .toBe(older)
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000, interval: 50 }).toBe(0)
    const seen = await page.evaluate(
      () => (window as unknown as { sxSeen: { arrived?: number; hidden?: number } }).sxSeen,
    )
    expect(seen.arrived).toBeDefined()
    expect(seen.hidden).toBeDefined()
    expect(seen.hidden! - seen.arrived!).toBeGreaterThanOrEqual(400)
    await page.close()
  }, 120_000)
})
