// Refresh from git (issue 6 acceptance 2; spec report-page §7 `POST /api/v1/pull-server/projects/{id}`):
// a local bare repository with two branches yields two branch reports with their commits; loopback,
// private and link-local URLs are refused with a clear message (DESIGN §7).
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isNonPublicAddress } from '../../http-client'
import { storageModes, tempDir } from '../../testing/databases'
import {
  startTestInstance,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
  waitForReport,
} from '../../testing/instance'

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')
const headers = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}`, 'content-type': 'application/json' }

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@t',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@t',
    },
  }).trim()
}

/** A bare repository: main with the fixture lockfile, dev with `ms` only. */
function bareRepository(): { url: string; commits: Record<string, string> } {
  const root = tempDir('git')
  const work = join(root, 'work')
  mkdirSync(work)
  git(work, 'init', '-q', '-b', 'main')
  writeFileSync(join(work, 'package.json'), fixture('package.json'))
  writeFileSync(join(work, 'package-lock.json'), fixture('package-lock.json'))
  mkdirSync(join(work, 'node_modules', 'x'), { recursive: true })
  writeFileSync(join(work, 'node_modules', 'x', 'package-lock.json'), '{ not json')
  git(work, 'add', 'package.json', 'package-lock.json')
  git(work, 'commit', '-q', '-m', 'main')
  git(work, 'checkout', '-q', '-b', 'dev')
  const lock = JSON.parse(fixture('package-lock.json')) as { packages: Record<string, unknown> }
  lock.packages = Object.fromEntries(Object.entries(lock.packages).filter(([k]) => !k.includes('debug')))
  writeFileSync(join(work, 'package-lock.json'), JSON.stringify(lock))
  git(work, 'commit', '-q', '-am', 'dev')
  const bare = join(root, 'repo.git')
  git(root, 'clone', '-q', '--bare', work, bare)
  return {
    url: `file://${bare}`,
    commits: { main: git(bare, 'rev-parse', 'main'), dev: git(bare, 'rev-parse', 'dev') },
  }
}

describe.each(storageModes())('refresh from git on %s storage', (mode) => {
  let t: TestInstance
  beforeAll(async () => {
    t = await startTestInstance(mode, { SEXTANT_ALLOW_LOCAL_REPOSITORIES: 'true', SEXTANT_OFFLINE: 'true' })
  }, 60_000)
  afterAll(async () => t?.close())

  it('clones each branch shallow and records its commit in the report', async () => {
    const repo = bareRepository()
    const created = await fetch(`${t.url}/api/v1/projects`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: repo.url }),
    })
    expect(created.status).toBe(200)
    const pid = ((await created.json()) as { uuid: string }).uuid
    for (const branch of ['main', 'dev']) {
      const res = await fetch(`${t.url}/api/v1/pull-server/projects/${pid}?branch=${branch}`, {
        method: 'POST',
        headers: { authorization: headers.authorization },
      })
      expect(res.status).toBe(202)
    }
    const main = await waitForReport(t.url, pid, 'main', headers)
    const dev = await waitForReport(t.url, pid, 'dev', headers)
    expect(main).toMatchObject({ commit: repo.commits.main, summary: { components: 3 } })
    expect(dev).toMatchObject({ commit: repo.commits.dev, summary: { components: 1 } })
  }, 60_000)

  it.each([
    ['https://127.0.0.1/acme/app.git', '127.0.0.1'],
    ['http://10.1.2.3/acme/app.git', '10.1.2.3'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['ssh://git@[::1]/acme/app.git', '::1'],
  ])('refuses %s', async (url, address) => {
    const res = await fetch(`${t.url}/api/v1/projects`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url }),
    })
    expect(res.status).toBe(400)
    const { message } = (await res.json()) as { message: string }
    expect(message).toContain(address)
    expect(message).toContain('SEXTANT_ALLOW_PRIVATE_REPOSITORIES=true')
  })

  it('refuses other schemes', async () => {
    const res = await fetch(`${t.url}/api/v1/projects`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: 'ftp://example.com/x.git' }),
    })
    expect(res.status).toBe(400)
  })
})

describe('isNonPublicAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.0.0.1', true],
    ['172.16.5.4', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.1.1', true],
    ['100.64.0.1', true],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['8.8.8.8', false],
    ['2606:4700::1111', false],
  ])('%s → %s', (address, expected) => expect(isNonPublicAddress(address)).toBe(expected))
})
