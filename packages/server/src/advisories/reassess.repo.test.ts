// A branch's packages beside its newest report (issue 14 index; issue 16 acceptance 6): writeBranchPackages
// writes only the difference, and the rows end exactly as the new graph's packages (normalised, no
// duplicates), whether the graph grew, shrank or stayed the same; another branch is left alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inTransaction } from '../db/transaction'
import { callerAccount } from '../testing/advisory-imports'
import { storageModes } from '../testing/databases'
import { startTestInstance, TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../testing/instance'
import { writeBranchPackages } from './reassess.repo'

const PROJECT = '50000000-0000-4000-8000-000000000001'
const npm = (...names: string[]) => names.map((name) => ({ ecosystem: 'npm' as const, name }))

describe.each(storageModes())('branch packages on %s storage', (mode) => {
  let t: TestInstance
  beforeAll(async () => {
    t = await startTestInstance(mode, {}, { workers: false })
    const account = await callerAccount({
      url: t.url,
      headers: { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` },
    })
    await t.sextant.db.query(`INSERT INTO projects (uuid, account_uuid, name) VALUES ($1, $2, 'p')`, [
      PROJECT,
      account,
    ])
  }, 60_000)
  afterAll(async () => t?.close())

  const write = (branch: string, components: ReturnType<typeof npm>) =>
    inTransaction(t.sextant.db, (client) => writeBranchPackages(client, PROJECT, branch, components))
  const rows = async (branch: string) =>
    (
      await t.sextant.db.query<{ name: string }>(
        'SELECT name FROM branch_packages WHERE project_uuid = $1 AND branch = $2 ORDER BY name',
        [PROJECT, branch],
      )
    ).rows.map((r) => r.name)

  it('keeps exactly the packages of the newest graph', async () => {
    await write('main', npm('a', 'b', 'b', 'c'))
    await write('dev', npm('a', 'z'))
    expect(await rows('main')).toEqual(['a', 'b', 'c'])
    await write('main', npm('a', 'b', 'c'))
    expect(await rows('main')).toEqual(['a', 'b', 'c'])
    await write('main', npm('b', 'd', 'c'))
    expect(await rows('main')).toEqual(['b', 'c', 'd'])
    await write('main', [])
    expect(await rows('main')).toEqual([])
    expect(await rows('dev')).toEqual(['a', 'z'])
  })
})
