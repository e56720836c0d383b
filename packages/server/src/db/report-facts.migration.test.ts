// Migration 047 and the write path agree (issue 20 "Account-wide views from facts, not documents"): the
// facts backfilled from stored documents are the facts insertReportFacts writes for the same documents
// (report-facts.ts), each branch's head is its newest report (created_at, then uuid), and reports stored
// afterwards move the head only when newer while counting every change. On PGlite and, when set, a real
// PostgreSQL.
import { randomUUID } from 'node:crypto'
import type { ReportDocument } from '@sextant/engine'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reportFacts } from '../services/report-facts'
import { insertReport } from '../services/reports.repo'
import { storageModes } from '../testing/databases'
import { databaseBefore, type OldDatabase } from '../testing/schema-before'
import type { Db } from './connection'
import { migrate } from './migrate'

function advice(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    cve: `CVE-2099-${id.slice(-4)}`,
    cwe: null,
    cvss: 7.5,
    epss: 0.00043,
    severity: 'HIGH',
    type: 'security',
    description: '',
    links: [],
    fixedInVersions: [],
    affectedComponents: [],
    kevEntry: null,
    ...extra,
  }
}

const component = (language: string, name: string, version: string, advices: unknown[]) => ({
  dependency: { library: { name, displayName: name, language, unityPlugin: false }, version },
  advices,
  safeVersions: {},
  hierarchy: [],
  introducedBy: [],
  locations: [],
  scope: 'prod',
  transitive: false,
  otherVersionsCount: 0,
})

function document(uuid: string, project: string, branch: string, createdAt: string, findings: boolean) {
  return {
    uuid,
    status: 'OK',
    createdAt,
    outcome: 'PASS',
    thresholds: { security: 90, stability: 80, licensing: 95 },
    project: { uuid: project, branch },
    summary: { components: 3, direct: 3, transitive: 0, unknownRelationships: 0, languages: ['nodejs'] },
    gate: { failed: [], partialFails: true },
    gaps: [],
    security: {
      score: 80,
      assessed: true,
      assessment: { state: 'complete' },
      assessments: findings
        ? [
            {
              language: 'nodejs',
              componentsCount: 2,
              reports: [
                component('nodejs', 'ms', '2.0.0', [
                  advice('GHSA-aaaa-0001', { cvss: null, epss: null }),
                  { ...advice('SUGGEST-1'), type: 'suggestion', severity: 'SUGGEST' },
                  advice('GHSA-aaaa-0002', { kevEntry: { cve: 'CVE-2099-0002', exploited: true } }),
                  advice('GHSA-aaaa-0003', { exclusions: [] }),
                ]),
                component('nodejs', 'left-pad', '1.0.0', []),
              ],
              trusted: [],
            },
            {
              language: 'java',
              componentsCount: 1,
              reports: [
                component('java', 'org.x:y', '1.0', [advice('GHSA-bbbb-0001', { severity: 'CRITICAL' })]),
              ],
              trusted: [],
            },
          ]
        : [],
    },
    stability: {
      score: 90,
      assessed: true,
      assessment: { state: 'complete' },
      summary: { patch: 2, minor: 1, major: 0, exclusions: 0, components: 3 },
    },
    licensing: {
      score: 100,
      assessed: true,
      assessment: { state: 'complete' },
      summary: { forbiddenWithoutExclusion: 1, undeclaredWithoutExclusion: 3 },
    },
    notes: [],
  } as unknown as ReportDocument
}

describe.each(storageModes())('migration 047 (report facts) on %s storage', (mode) => {
  let old: OldDatabase
  let db: Db
  const project = randomUUID()
  // two reports at the same instant on main: the greater uuid is the head
  const [tieA, tieB] = [randomUUID(), randomUUID()].sort()
  const older = randomUUID()
  const other = randomUUID()
  const docs = new Map<string, ReportDocument>([
    [older, document(older, project, 'main', '2026-01-01T00:00:00.000Z', true)],
    [tieA!, document(tieA!, project, 'main', '2026-01-02T00:00:00.000Z', true)],
    [tieB!, document(tieB!, project, 'main', '2026-01-02T00:00:00.000Z', false)],
    [other, document(other, project, 'dev', '2026-01-01T00:00:00.000Z', true)],
  ])

  const factsOf = async (uuid: string) => {
    const facts = await db.query('SELECT * FROM report_facts WHERE report_uuid = $1', [uuid])
    const findings = await db.query(
      `SELECT position, ordinal, language, name, version, advisory_id, cve, severity, cvss, epss, exploited, excluded
       FROM report_findings WHERE report_uuid = $1 ORDER BY position, ordinal`,
      [uuid],
    )
    const f = facts.rows[0]
    return {
      stability: { patch: f.stability_patch, minor: f.stability_minor, major: f.stability_major },
      licensing: { forbidden: f.licensing_forbidden, undeclared: f.licensing_undeclared },
      components: (f.names as string[]).map((name, i) => ({
        language: f.languages[i],
        name,
        version: f.versions[i],
      })),
      findings: findings.rows.map((r) => ({
        position: r.position,
        ordinal: r.ordinal,
        language: r.language,
        name: r.name,
        version: r.version,
        advisoryId: r.advisory_id,
        cve: r.cve,
        severity: r.severity,
        cvss: r.cvss,
        epss: r.epss,
        exploited: r.exploited,
        excluded: r.excluded,
      })),
    }
  }
  const heads = async () =>
    (
      await db.query<{ branch: string; report_uuid: string; changes: string }>(
        'SELECT branch, report_uuid, changes FROM branch_heads WHERE project_uuid = $1 ORDER BY branch',
        [project],
      )
    ).rows.map((r) => ({ branch: r.branch, report: r.report_uuid, changes: Number(r.changes) }))

  beforeAll(async () => {
    old = await databaseBefore(mode, 47)
    db = old.db
    const { rows } = await db.query<{ uuid: string }>('SELECT uuid FROM accounts LIMIT 1')
    const account = rows[0]?.uuid ?? randomUUID()
    if (!rows[0])
      await db.query(`INSERT INTO accounts (uuid, name, email) VALUES ($1, 'a', 'a@x')`, [account])
    await db.query(`INSERT INTO projects (uuid, account_uuid, name) VALUES ($1, $2, 'p')`, [project, account])
    for (const doc of docs.values()) {
      await db.query(
        `INSERT INTO reports (uuid, project_uuid, branch, status, outcome, security_score, stability_score,
           licensing_score, thresholds, components, created_at, document)
         VALUES ($1, $2, $3, 'OK', 'PASS', 80, 90, 100, '{"security":90,"stability":80,"licensing":95}', 3, $4, $5)`,
        [doc.uuid, project, doc.project.branch, doc.createdAt, JSON.stringify(doc)],
      )
    }
    expect(await migrate(db)).toContain(47)
  }, 120_000)

  afterAll(async () => old?.close())

  it('backfills the facts the write path derives from the same documents', async () => {
    for (const [uuid, doc] of docs) {
      const { reportUuid, projectUuid, branch, createdAt, ...expected } = reportFacts(doc)
      expect(await factsOf(uuid)).toEqual(expected)
    }
    const facts = reportFacts(docs.get(older)!)
    // the suggestion is no finding; the excluded advice is one, marked excluded
    expect(facts.findings.map((f) => [f.position, f.ordinal, f.advisoryId, f.excluded, f.exploited])).toEqual(
      [
        [1, 1, 'GHSA-aaaa-0001', false, false],
        [1, 3, 'GHSA-aaaa-0002', false, true],
        [1, 4, 'GHSA-aaaa-0003', true, false],
        [3, 1, 'GHSA-bbbb-0001', false, false],
      ],
    )
    expect(facts.components.map((c) => c.name)).toEqual(['ms', 'left-pad', 'org.x:y'])
  })

  it('makes the newest report of each branch its head', async () => {
    expect(await heads()).toEqual([
      { branch: 'dev', report: other, changes: 1 },
      { branch: 'main', report: tieB, changes: 1 },
    ])
  })

  it('stores the facts of a new report with it; an older one counts but leaves the head', async () => {
    const client = await db.connect()
    try {
      const late = document(randomUUID(), project, 'main', '2025-12-31T00:00:00.000Z', true)
      expect(await insertReport(client, late, null)).toBe(true)
      expect(await heads()).toEqual([
        { branch: 'dev', report: other, changes: 1 },
        { branch: 'main', report: tieB, changes: 2 },
      ])
      const newest = document(randomUUID(), project, 'main', '2026-02-01T00:00:00.000Z', true)
      expect(await insertReport(client, newest, null)).toBe(true)
      expect(await heads()).toEqual([
        { branch: 'dev', report: other, changes: 1 },
        { branch: 'main', report: newest.uuid, changes: 3 },
      ])
      const { reportUuid, projectUuid, branch, createdAt, ...expected } = reportFacts(newest)
      expect(await factsOf(newest.uuid)).toEqual(expected)
    } finally {
      client.release()
    }
  })
})
