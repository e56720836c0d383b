// The analysis inputs read in one statement (issue 16 acceptance 6) are what the separate reads answer:
// configuration, tags, licence policies, fixes and copyright texts, the exclusions in force (in their
// order), the latest report's state and what a live re-check may carry from it; with clearReadonly the
// branch's readonly exclusions are gone, from storage and from those in force, as replaceFileExclusions
// with none would leave them.
import type { CveExclusion } from '@sextant/engine'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveConfiguration } from '../resources/accounts/accounts.repo'
import { configurationOf, readConfiguration } from '../resources/accounts/configuration'
import {
  exclusionsInForce,
  insertExclusions,
  replaceFileExclusions,
} from '../resources/exclusions/exclusions.repo'
import {
  listCopyrights,
  listOverrides,
  listPolicies,
  saveCopyright,
  saveOverride,
  savePolicy,
} from '../resources/licences/licences.repo'
import { insertTag, projectTagNames, setTagProjects } from '../resources/tags/tags.repo'
import { latestReportSections, latestReportState } from '../services/reports.repo'
import { type ApiAt, lockOf, uploadProject } from '../testing/advisory-imports'
import { storageModes } from '../testing/databases'
import { startTestInstance, TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../testing/instance'
import { readAnalysisInputs } from './analysis-inputs.repo'

const cve = (id: string, readonly: boolean): CveExclusion => ({
  id,
  source: 'security:cves',
  cve: `CVE-2024-${id.length}${id.charCodeAt(0)}`,
  version: '*',
  reason: 'ignored',
  description: id,
  transitive: false,
  readonly,
  creatorUuid: null,
  scope: 'branch',
})

describe.each(storageModes())('analysis inputs on %s storage', (mode) => {
  let t: TestInstance
  let api: ApiAt
  beforeAll(async () => {
    t = await startTestInstance(mode)
    api = { url: t.url, headers: { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` } }
  }, 60_000)
  afterAll(async () => t?.close())

  it('answers what the separate reads answer, in one statement', { timeout: 90_000 }, async () => {
    const db = t.sextant.db
    const pid = await uploadProject(api, 'inputs', [['package-lock.json', lockOf('ms', '2.1.3')]])
    const { rows } = await db.query<{ account_uuid: string }>(
      'SELECT account_uuid FROM projects WHERE uuid = $1',
      [pid],
    )
    const account = rows[0]!.account_uuid
    const project = { uuid: pid, accountUuid: account }
    const at = { accountUuid: account, projectUuid: pid, branch: 'main' }

    // nothing set: the defaults
    const bare = await readAnalysisInputs(db, { ...at, clearReadonly: false })
    expect(bare).toMatchObject({ tags: [], policies: [], overrides: [], copyrights: [], exclusions: [] })

    await saveConfiguration(db, account, { thresholds: { security: 70 }, scoringAlgorithm: 'severity' })
    for (const [uuid, name] of [
      ['00000000-0000-4000-8000-0000000000b1', 'beta'],
      ['00000000-0000-4000-8000-0000000000a1', 'Alpha'],
    ] as const) {
      await insertTag(db, account, uuid, name)
      await setTagProjects(db, uuid, [pid])
    }
    await savePolicy(db, account, '00000000-0000-4000-8000-0000000000c1', {
      name: 'no gpl',
      kind: 'DENY',
      licences: ['GPL-3.0-only'],
      customLicences: ['LicenseRef-acme'],
      projectPatterns: ['inp*'],
      tags: ['Alpha'],
      template: null,
    })
    await savePolicy(db, account, '00000000-0000-4000-8000-0000000000c2', {
      name: 'copyleft',
      kind: 'DENY',
      licences: [],
      customLicences: [],
      projectPatterns: [],
      tags: [],
      template: 'no-copyleft',
    })
    await saveOverride(db, account, { language: 'nodejs', name: 'ms', version: '*' }, ['MIT'])
    await saveOverride(db, account, { language: 'nodejs', name: 'a', version: '1.0.0' }, ['ISC', 'MIT'])
    await saveCopyright(db, account, { language: 'nodejs', name: 'ms', version: '2.1.3' }, '(c) someone')
    await insertExclusions(db, { accountUuid: account, projectUuid: null, branch: null }, [
      cve('acct', false),
    ])
    await insertExclusions(db, { ...at }, [cve('own', false)])
    await replaceFileExclusions(db, at, [cve('file-1', true), cve('file-2', true)])
    await insertExclusions(db, { ...at, branch: 'other' }, [cve('elsewhere', false)])

    const inputs = await readAnalysisInputs(db, { ...at, clearReadonly: false })
    const state = await latestReportState(db, pid, 'main')
    const sections = await latestReportSections(db, pid, 'main')
    expect(configurationOf(inputs.configuration)).toEqual(await readConfiguration(db, account))
    expect(configurationOf(inputs.configuration).scoringAlgorithm).toBe('severity')
    expect(inputs.tags).toEqual(await projectTagNames(db, pid))
    expect(inputs.tags).toEqual(['Alpha', 'beta'])
    expect(inputs.policies).toEqual(await listPolicies(db, account))
    expect(inputs.policies).toHaveLength(2)
    expect(inputs.overrides).toEqual(await listOverrides(db, account))
    expect(inputs.overrides).toHaveLength(2)
    expect(inputs.copyrights).toEqual(await listCopyrights(db, account))
    expect(inputs.copyrights).toHaveLength(1)
    const inForce = await exclusionsInForce(db, project, 'main')
    expect(inputs.exclusions).toEqual(inForce)
    expect(inputs.exclusions.map((e) => e.id)).toEqual(['acct', 'own', 'file-1', 'file-2'])
    expect(inputs.latest?.uuid).toBe(state?.uuid)
    expect(inputs.latest?.fingerprint).toBe(state?.fingerprint)
    expect(inputs.latest?.lendable).toEqual(sections)

    // the file has none now: its entries are cleared and not in force
    const cleared = await readAnalysisInputs(db, { ...at, clearReadonly: true })
    expect(cleared.exclusions.map((e) => e.id)).toEqual(['acct', 'own'])
    expect(await exclusionsInForce(db, project, 'main')).toEqual(cleared.exclusions)

    // a branch without reports
    expect((await readAnalysisInputs(db, { ...at, branch: 'other', clearReadonly: false })).latest).toBeNull()
  })
})
