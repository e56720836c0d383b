// Migration 045 (issue 14 "Unknown is not 100"): a report stored before assessments existed loses the
// score of 100 its unassessed domain carried, reads PARTIAL and FAIL, lists what is missing, and is
// marked for re-assessment; an assessed one keeps its scores. On PGlite and, when set, a real PostgreSQL.

import { randomUUID } from 'node:crypto'
import { type Report, reportSchema } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../testing/databases'
import { databaseBefore, type OldDatabase } from '../testing/schema-before'
import type { Db } from './connection'
import { migrate } from './migrate'

/** A stored document: the counts per scope are added when it is read (report-totals.presenter.ts). */
const storedDocumentSchema = reportSchema.omit({ totals: true })

function oldSection(score: number, assessed: boolean) {
  return { score, componentsCount: 2, assessed, reports: [], summary: {} }
}

function oldDocument(uuid: string, projectUuid: string, securityAssessed: boolean) {
  return {
    uuid,
    status: 'OK',
    timestamp: { year: 2026, month: 1, dayOfMonth: 2, hour: 3, minute: 4, second: 5, nano: 0 },
    createdAt: '2026-01-02T03:04:05.000Z',
    outcome: 'PASS',
    scopes: ['prod'],
    thresholds: { security: 90, stability: 80, licensing: 95 },
    project: { uuid: projectUuid, branch: 'main' },
    summary: { components: 2, direct: 2, transitive: 0, languages: ['nodejs'] },
    security: { ...oldSection(100, securityAssessed), assessments: [], summary: {} },
    stability: {
      ...oldSection(99, true),
      summary: { patch: 1, minor: 0, major: 0, exclusions: 0, components: 2 },
    },
    licensing: {
      ...oldSection(100, true),
      summary: {
        tot: 0,
        forbidden: 0,
        undeclared: 0,
        violationExclusions: 0,
        warningExclusions: 0,
        forbiddenWithoutExclusion: 0,
        undeclaredWithoutExclusion: 0,
        components: 2,
      },
    },
    notes: [],
  }
}

describe.each(storageModes())('migration 045 on %s storage', (mode) => {
  let old: OldDatabase
  let db: Db
  const project = randomUUID()
  const unassessed = randomUUID()
  const assessed = randomUUID()

  beforeAll(async () => {
    // the schema as it was before 045, with two reports in the old shape
    old = await databaseBefore(mode, 45)
    db = old.db
    const { rows } = await db.query<{ uuid: string }>('SELECT uuid FROM accounts LIMIT 1')
    const account = rows[0]?.uuid ?? randomUUID()
    if (!rows[0])
      await db.query(`INSERT INTO accounts (uuid, name, email) VALUES ($1, 'a', 'a@x')`, [account])
    await db.query(`INSERT INTO projects (uuid, account_uuid, name) VALUES ($1, $2, 'old')`, [
      project,
      account,
    ])
    for (const [uuid, securityAssessed] of [
      [unassessed, false],
      [assessed, true],
    ] as const) {
      await db.query(
        `INSERT INTO reports (uuid, project_uuid, branch, status, outcome, security_score, stability_score,
           licensing_score, thresholds, components, document)
         VALUES ($1, $2, 'main', 'OK', 'PASS', 100, 99, 100, '{"security":90,"stability":80,"licensing":95}', 2, $3)`,
        [uuid, project, JSON.stringify(oldDocument(uuid, project, securityAssessed))],
      )
    }
    expect(await migrate(db)).toContain(45)
  }, 60_000)

  afterAll(async () => old?.close())

  const row = async (uuid: string) =>
    (
      await db.query<{
        status: string
        outcome: string
        security_score: number | null
        stability_score: number | null
        security_assessment: string
        legacy_assessment: boolean
        document: Report
      }>('SELECT * FROM reports WHERE uuid = $1', [uuid])
    ).rows[0]!

  it('an unassessed domain loses its 100: no score, PARTIAL, FAIL, the gap listed', async () => {
    const r = await row(unassessed)
    expect(r).toMatchObject({
      status: 'PARTIAL',
      outcome: 'FAIL',
      security_score: null,
      stability_score: 99,
      security_assessment: 'none',
      legacy_assessment: true,
    })
    const doc = r.document
    expect(() => storedDocumentSchema.parse(doc)).not.toThrow()
    expect(doc.status).toBe('PARTIAL')
    expect(doc.outcome).toBe('FAIL')
    expect(doc.security).toMatchObject({ score: null, assessed: false, assessment: { state: 'none' } })
    expect(doc.gate).toEqual({ failed: ['security'], partialFails: true })
    expect(doc.gaps).toEqual([expect.objectContaining({ kind: 'no-advisory-data', domains: ['security'] })])
    expect(doc.summary.unknownRelationships).toBe(0)
  })

  it('an assessed report keeps its scores and outcome, and is queued for re-assessment', async () => {
    const r = await row(assessed)
    expect(r).toMatchObject({ status: 'OK', outcome: 'PASS', security_score: 100, legacy_assessment: true })
    expect(() => storedDocumentSchema.parse(r.document)).not.toThrow()
    expect(r.document.security.assessment).toMatchObject({ state: 'complete', assessedComponents: 2 })
    expect(r.document.gate).toEqual({ failed: [], partialFails: true })
  })
})
