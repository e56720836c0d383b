// A unit of work (DESIGN §2) commits or rolls back whole; one marked flushedByLaterCommit (issue 16
// acceptance 6: the analysis's report, whose job completion is a synchronous commit after it) commits
// without waiting for the disk, for that transaction only: the pooled connection goes back as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../testing/databases'
import { startTestInstance, type TestInstance } from '../testing/instance'
import { inTransaction } from './transaction'

describe.each(storageModes())('units of work on %s storage', (mode) => {
  let t: TestInstance
  beforeAll(async () => {
    t = await startTestInstance(mode)
  }, 60_000)
  afterAll(async () => t?.close())

  const setting = async (client: { query: TestInstance['sextant']['db']['query'] }) =>
    (await client.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0]!
      .synchronous_commit

  it('commits without waiting for the disk only when asked, and only inside that transaction', async () => {
    const db = t.sextant.db
    await db.query('CREATE TABLE unit_of_work_probe (n int)')
    expect(await inTransaction(db, setting)).toBe('on')
    const inside = await inTransaction(
      db,
      async (client) => {
        await client.query('INSERT INTO unit_of_work_probe VALUES (1)')
        return setting(client)
      },
      { flushedByLaterCommit: true },
    )
    expect(inside).toBe('off')
    // committed, and the session setting is back for whoever takes the connection next
    expect((await db.query('SELECT n FROM unit_of_work_probe')).rows).toEqual([{ n: 1 }])
    expect(await inTransaction(db, setting)).toBe('on')
    // a failing unit still rolls back whole
    await expect(
      inTransaction(
        db,
        async (client) => {
          await client.query('INSERT INTO unit_of_work_probe VALUES (2)')
          throw new Error('stop')
        },
        { flushedByLaterCommit: true },
      ),
    ).rejects.toThrow('stop')
    expect((await db.query('SELECT count(*)::int AS c FROM unit_of_work_probe')).rows).toEqual([{ c: 1 }])
    await db.query('DROP TABLE unit_of_work_probe')
  }, 60_000)
})
