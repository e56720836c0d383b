// The remediation plan over HTTP (issue 19 "Remediation plan"): the tiny app's ms@2.1.2 comes in through
// debug@4.3.4, which pins it exactly; the plan reads the recorded packuments through the server's
// metadata cache (local registry) and proposes the lowest debug whose declared range leads to a fixed
// ms; anonymous callers of a private project see nothing. Its patch (issue 19 "Downloadable as a
// patch") applies with `git apply` to the uploaded package.json and sets debug's new version.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWithAdvisories, uploadTinyApp } from '../../testing/advisory-instance'
import { TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../../testing/instance'
import { startTestNpmRegistry, type TestNpmRegistry } from '../../testing/npm-registry'

const admin = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
const advisory = {
  id: 'GHSA-test-plan-0001',
  modified: '2024-01-01T00:00:00Z',
  summary: 'old ms is slow',
  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }],
  affected: [
    {
      package: { ecosystem: 'npm', name: 'ms' },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2.1.3' }] }],
    },
  ],
}
interface Plan {
  findings: number
  lanes: Record<
    string,
    {
      upgrades: {
        name: string
        from: string
        to: string
        change: string
        fixes: { name: string; version: string }[]
      }[]
      lines: string[]
    }
  >
}

describe('remediation plan of the tiny app', () => {
  let registry: TestNpmRegistry
  let t: TestInstance
  let pid = ''
  beforeAll(async () => {
    registry = await startTestNpmRegistry()
    t = await startWithAdvisories('embedded', [advisory], {
      SEXTANT_OFFLINE: 'false',
      SEXTANT_NPM_REGISTRY: registry.url,
    })
    pid = await uploadTinyApp(t.url, admin)
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await registry?.close()
  })

  it('upgrades debug to the lowest version whose range admits a fixed ms, in every lane', async () => {
    const res = await fetch(`${t.url}/api/v2/findings/${pid}/main/plan`, { headers: admin })
    const plan = (await res.json()) as Plan
    expect(res.status, JSON.stringify(plan)).toBe(200)
    expect(plan.findings).toBe(1)
    // the recorded debug 4.3.5 and 4.3.6 still pin ms 2.1.2; 4.3.7 asks for ^2.1.3
    for (const lane of ['patch', 'minor', 'major']) {
      expect(plan.lanes[lane]!.upgrades).toEqual([
        expect.objectContaining({
          name: 'debug',
          from: '4.3.4',
          to: '4.3.7',
          change: 'patch',
          fixes: [expect.objectContaining({ name: 'ms', version: '2.1.2' })],
        }),
      ])
      expect(plan.lanes[lane]!.lines).toEqual([
        'upgrade debug 4.3.4 → 4.3.7 (patch) fixes 1 finding in 1 package',
      ])
    }
  })

  it('answers the minor lane as a patch of package.json that git apply takes', async () => {
    const res = await fetch(`${t.url}/api/v2/findings/${pid}/main/plan/patch?lane=minor`, { headers: admin })
    const body = (await res.json()) as {
      fileName: string
      patch: string
      files: string[]
      skipped: unknown[]
    }
    expect(res.status, JSON.stringify(body)).toBe(200)
    expect(body.fileName).toMatch(/-main-minor-remediation\.patch$/)
    expect(body.files).toEqual(['package.json'])
    expect(body.skipped).toEqual([])
    const dir = mkdtempSync(join(tmpdir(), 'sextant-plan-patch-'))
    try {
      const uploaded = readFileSync(new URL('../fixtures/package.json', import.meta.url), 'utf8')
      writeFileSync(join(dir, 'package.json'), uploaded)
      writeFileSync(join(dir, 'plan.patch'), body.patch)
      execFileSync('git', ['apply', 'plan.patch'], { cwd: dir })
      // only debug's version changes (a devDependency of the tiny app), to the plan's
      expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe(
        uploaded.replace('"debug": "4.3.4"', '"debug": "4.3.7"'),
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('shows outsiders of a private project nothing', async () => {
    expect((await fetch(`${t.url}/api/v2/findings/${pid}/main/plan`)).status).toBe(404)
    expect((await fetch(`${t.url}/api/v2/findings/${pid}/main/plan/patch`)).status).toBe(404)
  })
})
