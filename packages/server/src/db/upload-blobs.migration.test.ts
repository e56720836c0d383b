// Migration 059 (issue 20 "Storage that does not grow without bound"): upload files stored before it
// move into upload_blobs unchanged, identical contents once, and every analysis still reads its own
// files. On PGlite and, when set, a real PostgreSQL.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analysisFiles } from '../services/analysis-files.repo'
import { storageModes } from '../testing/databases'
import { databaseBefore, type OldDatabase } from '../testing/schema-before'
import type { Db } from './connection'
import { migrate } from './migrate'

const shared = Buffer.from('{"lockfileVersion":3,"packages":{}}')
const own = Buffer.from([0, 1, 2, 255, 254])

describe.each(storageModes())('migration 059 on %s storage', (mode) => {
  let old: OldDatabase
  let db: Db
  const [first, second] = [randomUUID(), randomUUID()]

  beforeAll(async () => {
    // the schema as it was before 059, with two analyses whose files share one content
    old = await databaseBefore(mode, 59)
    db = old.db
    const account = randomUUID()
    const project = randomUUID()
    await db.query(`INSERT INTO accounts (uuid, name, email) VALUES ($1, 'a', 'a@x')`, [account])
    await db.query(`INSERT INTO projects (uuid, account_uuid, name) VALUES ($1, $2, 'old')`, [
      project,
      account,
    ])
    for (const a of [first, second]) {
      await db.query(
        `INSERT INTO analyses (uuid, project_uuid, branch, source, status) VALUES ($1, $2, 'main', 'upload', 'QUEUED')`,
        [a, project],
      )
      await db.query(
        `INSERT INTO analysis_files (analysis_uuid, path, content) VALUES ($1, 'package-lock.json', $2)`,
        [a, shared],
      )
    }
    await db.query(`INSERT INTO analysis_files (analysis_uuid, path, content) VALUES ($1, 'pom.xml', $2)`, [
      second,
      own,
    ])
    expect(await migrate(db)).toContain(59)
  }, 60_000)

  afterAll(async () => old?.close())

  it('keeps every file byte for byte, each distinct content stored once', async () => {
    const { rows } = await db.query<{ n: number; bytes: number }>(
      'SELECT count(*)::int AS n, sum(size)::int AS bytes FROM upload_blobs',
    )
    expect(rows[0]).toEqual({ n: 2, bytes: shared.length + own.length })
    expect(await analysisFiles(db, first)).toEqual([
      { path: 'package-lock.json', content: shared.toString('utf8') },
    ])
    const files = (await analysisFiles(db, second)).sort((a, b) => a.path.localeCompare(b.path))
    expect(files).toEqual([
      { path: 'package-lock.json', content: shared.toString('utf8') },
      { path: 'pom.xml', content: own.toString('utf8') },
    ])
  })
})
