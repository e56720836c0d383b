// Exclusions, recompute, diff and outcome over HTTP (issue 6 acceptance 1 and 3; spec report-page §3-§5,
// §7): every kind, '*' versions, wildcard names, readonly `.meterian` entries (DELETE 403), a blank
// description (400), scores that change only after recompute, and an advice back once its exclusion goes.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../../testing/databases'
import {
  startTestInstance,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
  waitForReport,
} from '../../testing/instance'
import { memberInNewAccount, memberOfAccount } from '../admin/test-kit'

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url))
const admin = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
const json = { ...admin, 'content-type': 'application/json' }
const advisory = {
  id: 'GHSA-test-ms00-0001',
  modified: '2024-01-01T00:00:00Z',
  aliases: ['CVE-2099-0001'],
  summary: 'ms is slow on long strings',
  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }],
  affected: [
    {
      package: { ecosystem: 'npm', name: 'ms' },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2.1.4' }] }],
    },
  ],
}
const meterian = {
  exclusions: {
    stability: {
      libraries: [
        { library: { language: 'nodejs', name: 'debug' }, version: '*', description: 'pinned on purpose' },
      ],
    },
    security: { cves: [{ cve: 'CVE-1', reason: 'because', description: 'bad reason' }] },
  },
}

interface Doc {
  uuid: string
  security: {
    score: number
    summary: Record<string, { high: number; exclusions: number }>
    assessments: {
      reports: {
        dependency: { library: { name: string }; version: string }
        advices: { exclusions?: unknown[] }[]
      }[]
    }[]
  }
  notes: { file?: string; message: string }[]
  exclusions: { stability: { libraries: unknown[] } }
}

describe.each(storageModes())('exclusions and recompute on %s storage', (mode) => {
  let t: TestInstance
  let pid = ''
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${t.url}${path}`, { headers: init.body ? json : admin, ...init })
  const ex = (body: unknown) =>
    api(`/api/v2/exclusions/${pid}/main`, {
      method: 'POST',
      body: JSON.stringify({ creatorUuid: null, content: JSON.stringify(body) }),
    })
  const history = async () =>
    (await (await api(`/api/v1/reports/${pid}/history?branch=main`)).json()) as { uuid: string }[]
  const latest = async () => (await (await api(`/api/v1/reports/${pid}/full?branch=main`)).json()) as Doc
  const advicesOf = (doc: Doc, version: string) =>
    doc.security.assessments
      .flatMap((a) => a.reports)
      .find((r) => r.dependency.library.name === 'ms' && r.dependency.version === version)!.advices
  async function recompute(): Promise<Doc> {
    const before = (await history()).length
    const res = await api(`/api/v1/reports/${pid}/full?branch=main`, { method: 'POST' })
    expect(res.status).toBe(202)
    const deadline = Date.now() + 20_000
    while ((await history()).length === before) {
      if (Date.now() > deadline) throw new Error('no recomputed report')
      await new Promise((r) => setTimeout(r, 100))
    }
    return latest()
  }

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sx-osv-'))
    writeFileSync(join(dir, 'ms.jsonl'), `${JSON.stringify(advisory)}\n`)
    t = await startTestInstance(mode, {
      SEXTANT_ADVISORY_SOURCES: join(dir, 'ms.jsonl'),
      SEXTANT_OFFLINE: 'true',
    })
    const deadline = Date.now() + 30_000
    for (;;) {
      const stats = (await (await fetch(`${t.url}/api/v1/stats/advisories-dbs`)).json()) as { total?: number }
      if (JSON.stringify(stats).includes('"npm"') || Date.now() > deadline) break
      await new Promise((r) => setTimeout(r, 200))
    }
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(fixture('package.json'))]), 'package.json')
    form.append('file', new Blob([new Uint8Array(fixture('package-lock.json'))]), 'package-lock.json')
    form.append('file', new Blob([JSON.stringify(meterian)]), '.meterian')
    const up = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main`, {
      method: 'POST',
      headers: admin,
      body: form,
    })
    expect(up.status).toBe(202)
    pid = ((await up.json()) as { projectUuid: string }).projectUuid
    await waitForReport(t.url, pid, 'main', admin)
  }, 60_000)
  afterAll(async () => t?.close())

  it('reads the .meterian file: readonly exclusions, bad entries as report notes', async () => {
    const doc = await latest()
    expect(advicesOf(doc, '2.1.3')).toHaveLength(1)
    expect(doc.exclusions.stability.libraries).toHaveLength(1)
    expect(doc.notes).toContainEqual(
      expect.objectContaining({
        file: '.meterian',
        message: expect.stringContaining('exclusions.security.cves[0].reason'),
      }),
    )
    const list = (await (await api(`/api/v2/exclusions/${pid}/main?expanded=true`)).json()) as {
      id: string
      readonly: boolean
    }[]
    expect(list).toEqual([
      expect.objectContaining({ source: 'stability:libraries', readonly: true, reason: 'ignored' }),
    ])
    const del = await api(`/api/v2/exclusions/${pid}/main/${encodeURIComponent(list[0]!.id)}`, {
      method: 'DELETE',
    })
    expect(del.status).toBe(403)
    expect(((await del.json()) as { message: string }).message).toMatch(/\.meterian file/)
  })

  it("refuses a blank description with 'Please add a reasonable description'", async () => {
    const res = await ex({
      source: 'security:cves',
      cve: 'CVE-2099-0001',
      reason: 'mitigated',
      description: '   ',
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toBe('Please add a reasonable description')
  })

  // Issue 13 item 12: the body's creatorUuid was stored as sent, so anyone could sign for someone else.
  it('records the caller as the creator, whatever creatorUuid the body names', async () => {
    const db = t.sextant.db
    const { rows } = await db.query<{ account_uuid: string; membership_uuid: string }>(
      `SELECT p.account_uuid, m.uuid AS membership_uuid FROM projects p
       JOIN memberships m ON m.account_uuid = p.account_uuid AND m.role = 'Administrator' WHERE p.uuid = $1`,
      [pid],
    )
    const { account_uuid: account, membership_uuid: adminMembership } = rows[0]!
    const collaborator = await memberOfAccount(db, account, 'collaborator@x.test', 'Collaborator')
    const entry = {
      source: 'security:cves',
      cve: 'CVE-2099-0002',
      reason: 'mitigated',
      description: 'signed by someone else?',
    }
    const res = await fetch(`${t.url}/api/v2/exclusions/${pid}/main`, {
      method: 'POST',
      headers: { authorization: collaborator.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ creatorUuid: adminMembership, content: JSON.stringify(entry) }),
    })
    const created = (await res.json()) as { id: string; creatorUuid: string }[]
    expect(res.status, JSON.stringify(created)).toBe(200)
    expect(created[0]!.creatorUuid).toBe(collaborator.membershipUuid)
    const stored = await db.query('SELECT creator_uuid FROM exclusions WHERE id = $1', [created[0]!.id])
    expect(stored.rows[0].creator_uuid).toBe(collaborator.membershipUuid)
    // Who and when, for the account's members (issue 14 "Exclusions you can see"); not for outsiders.
    type Listed = { id: string; createdBy?: string | null; createdAt?: string }
    const listed = (await (await api(`/api/v2/exclusions/${pid}/main`)).json()) as Listed[]
    const mine = listed.find((e) => e.id === created[0]!.id)
    expect(mine?.createdBy).toBe('collaborator@x.test')
    expect(Date.now() - Date.parse(mine?.createdAt ?? '')).toBeLessThan(10 * 60_000)
    expect(listed.find((e) => e.id.startsWith('meterian-'))?.createdBy).toBeNull()
    const outsider = await memberInNewAccount(db, 'outsider@y.test')
    await db.query('UPDATE projects SET is_public = true WHERE uuid = $1', [pid])
    const seen = (await (
      await fetch(`${t.url}/api/v2/exclusions/${pid}/main`, { headers: { authorization: outsider.auth } })
    ).json()) as Listed[]
    await db.query('UPDATE projects SET is_public = false WHERE uuid = $1', [pid])
    expect(seen.find((e) => e.id === created[0]!.id)?.createdBy).toBeNull()
    expect(seen.find((e) => e.id === created[0]!.id)?.createdAt).toBe(mine?.createdAt)
    const gone = await api(`/api/v2/exclusions/${pid}/main/${created[0]!.id}`, { method: 'DELETE' })
    expect(gone.status).toBe(200)
  })

  it('changes scores only after recompute, and puts the advice back when the exclusion goes', async () => {
    const before = await latest()
    expect(before.security.score).toBeLessThan(100)
    const res = await ex({
      source: 'security:cves',
      cve: 'CVE-2099-0001',
      version: '*',
      reason: 'unapplicable',
      description: 'we never parse user input',
    })
    expect(res.status).toBe(200)
    const [created] = (await res.json()) as { id: string }[]
    expect((await latest()).security.score).toBe(before.security.score)
    const state = await (await api(`/api/v1/reports/${pid}/recompute?branch=main`)).json()
    expect(state).toMatchObject({ areExclusionsDifferent: true })

    const after = await recompute()
    expect(after.security.score).toBe(100)
    expect(advicesOf(after, '2.1.3')[0]!.exclusions).toHaveLength(1)
    expect(after.security.summary.nodejs).toMatchObject({ high: 0, exclusions: 2 })
    expect(await (await api(`/api/v1/reports/${pid}/recompute?branch=main`)).json()).toMatchObject({
      areExclusionsDifferent: false,
    })
    const diff = (await (await api(`/api/v1/reports/${pid}/diff?branch=main`)).json()) as {
      security: unknown[]
      from: string
    }
    expect(diff.from).toBe(before.uuid)
    expect(diff.security).toEqual(
      expect.arrayContaining([expect.objectContaining({ library: 'ms', exclusion: true })]),
    )

    expect((await api(`/api/v2/exclusions/${pid}/main/${created!.id}`, { method: 'DELETE' })).status).toBe(
      200,
    )
    const restored = await recompute()
    expect(restored.security.score).toBe(before.security.score)
    expect(advicesOf(restored, '2.1.3')[0]!.exclusions).toBeUndefined()
  }, 60_000)

  it('matches wildcard library names with one version, and advices by uuid', async () => {
    const lib = await ex({
      source: 'security:libraries',
      library: { language: 'nodejs', name: 'm*' },
      version: '2.1.2',
      reason: 'mitigated',
      description: 'dev only',
    })
    expect(lib.status).toBe(200)
    const doc = await recompute()
    expect(advicesOf(doc, '2.1.2')[0]!.exclusions).toHaveLength(1)
    expect(advicesOf(doc, '2.1.3')[0]!.exclusions).toBeUndefined()
    expect(
      (
        await ex({
          source: 'security:advices',
          uuid: 'GHSA-test-ms00-0001',
          reason: 'invalid',
          description: 'not us',
        })
      ).status,
    ).toBe(200)
    expect((await recompute()).security.score).toBe(100)
  }, 60_000)

  it('downloads the .meterian file (full variant with readonly entries) and a VEX', async () => {
    const file = (await (await api(`/api/v2/exclusions/${pid}/main/file`)).json()) as {
      exclusions: {
        stability: { libraries: unknown[] }
        security: { libraries: unknown[]; advices: unknown[] }
      }
    }
    expect(file.exclusions.stability.libraries).toEqual([])
    expect(file.exclusions.security.libraries).toHaveLength(1)
    const full = (await (await api(`/api/v2/exclusions/${pid}/main/file?full=true`)).json()) as typeof file
    expect(full.exclusions.stability.libraries).toHaveLength(1)
    const vex = (await (await api(`/api/v2/exclusions/${pid}/main/vex`)).json()) as {
      bomFormat: string
      vulnerabilities: { analysis: { state: string } }[]
    }
    expect(vex.bomFormat).toBe('CycloneDX')
    expect(vex.vulnerabilities.map((v) => v.analysis.state)).toContain('false_positive')
  })

  it('keeps account-wide exclusions (v1) and applies them to the account’s projects', async () => {
    const res = await api('/api/v1/accounts/me/exclusions?domain=stability', {
      method: 'POST',
      body: JSON.stringify({
        library: { language: 'nodejs', name: 'ms' },
        version: '*',
        reason: 'ignored',
        description: 'vendored',
      }),
    })
    expect(res.status).toBe(200)
    const created = (await res.json()) as { id: string; scope: string; source: string }
    expect(created).toMatchObject({ scope: 'account', source: 'stability:libraries' })
    const inForce = (await (await api(`/api/v2/exclusions/${pid}/main`)).json()) as { id: string }[]
    expect(inForce.map((e) => e.id)).toContain(created.id)
    expect((await (await api('/api/v1/accounts/me/exclusions?domain=security')).json()) as unknown[]).toEqual(
      [],
    )
    expect((await api(`/api/v1/accounts/me/exclusions?id=${created.id}`, { method: 'DELETE' })).status).toBe(
      200,
    )
  })

  it('stores the CI outcome per branch', async () => {
    expect(await (await api(`/api/v1/reports/${pid}/outcome?branch=main`)).json()).toMatchObject({
      outcome: 'UNDECLARED',
    })
    const res = await api(`/api/v1/reports/${pid}/outcome?branch=main&outcome=FAIL`, { method: 'POST' })
    expect(res.status).toBe(200)
    expect(await (await api(`/api/v1/reports/${pid}/outcome?branch=main`)).json()).toMatchObject({
      outcome: 'FAIL',
    })
  })
})
