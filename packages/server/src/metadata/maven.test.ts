// The Maven datasource through the facade (issue 5 "Datasources": maven-metadata.xml versions, POM
// <licenses>), over a file:// repository fixture: versions and lastUpdated, licences per version
// (inherited from the parent POM when the POM has none), cached, POMs of new versions read later.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { storageModes } from '../testing/databases'
import { type MetadataTestContext, openMetadataTest } from './test-setup'

describe.each(storageModes())('Maven metadata on %s storage', (mode) => {
  let t: MetadataTestContext

  beforeAll(async () => {
    t = await openMetadataTest(mode)
  })
  afterAll(async () => t.close())
  beforeEach(async () => {
    await t.db.query('DELETE FROM package_metadata')
  })

  const lib = (version: string) => ({ ecosystem: 'maven' as const, name: 'org.example:lib', version })

  it('reads versions from maven-metadata.xml and licences from the POM of the version used', async () => {
    const batch = await t.source().metadataFor([lib('1.0.0')])
    expect(batch.problems).toEqual([])
    const m = batch.packages.get('maven/org.example:lib')
    expect(m?.versions.map((v) => [v.version, v.licences])).toEqual([
      ['1.0.0', ['MIT License']],
      ['1.0.1', []],
      ['2.0.0', []],
      ['2.1.0-SNAPSHOT', []],
    ])
    expect(m?.licences).toEqual(['MIT License'])
    expect(m?.modifiedAt).toBe('2024-01-15T10:30:00.000Z')
    expect(m?.distTags).toEqual({ release: '2.0.0' })
  })

  it('takes the licence of the parent POM when the POM declares none', async () => {
    const batch = await t.source().metadataFor([lib('2.0.0')])
    const v = batch.packages.get('maven/org.example:lib')?.versions.find((x) => x.version === '2.0.0')
    expect(v?.licences).toEqual(['Apache License, Version 2.0'])
  })

  it('answers cached versions from the database and reads only the POM of a new version', async () => {
    const first = await t.source().metadataFor([lib('1.0.0')])
    expect(first).toMatchObject({ fetched: 1, fromCache: 0 })
    const again = await t.source().metadataFor([lib('1.0.0')])
    expect(again).toMatchObject({ fetched: 0, fromCache: 1 })
    const more = await t.source().metadataFor([lib('2.0.0')])
    expect(more.fetched).toBe(1)
    const versions = more.packages.get('maven/org.example:lib')?.versions
    expect(versions?.find((v) => v.version === '1.0.0')?.licences).toEqual(['MIT License'])
    expect(versions?.find((v) => v.version === '2.0.0')?.licences).toEqual(['Apache License, Version 2.0'])
    expect((await t.source().metadataFor([lib('1.0.0'), lib('2.0.0')])).fromCache).toBe(1)
  })

  it('a version without a POM is read once and kept with no licence', async () => {
    const batch = await t.source().metadataFor([lib('1.0.1')])
    expect(batch.problems).toEqual([])
    expect((await t.source().metadataFor([lib('1.0.1')])).fromCache).toBe(1)
  })

  it('an artifact no repository has is not found', async () => {
    const batch = await t
      .source()
      .metadataFor([{ ecosystem: 'maven', name: 'org.example:absent', version: '1' }])
    expect(batch.problems).toEqual([
      {
        key: 'maven/org.example:absent',
        kind: 'not-found',
        message: expect.stringContaining('is not in file://'),
      },
    ])
  })

  it('a repository that answers 500 is a problem, not an exception', async () => {
    const down = createServer((_req, res) => res.writeHead(500).end('down'))
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve))
    const repo = `http://127.0.0.1:${(down.address() as AddressInfo).port}/maven2`
    const source = t.source({ maven: [repo], options: { http: { retries: 0 } } })
    const batch = await source.metadataFor([lib('1.0.0')])
    down.close()
    expect(batch.packages.size).toBe(0)
    expect(batch.problems).toEqual([
      {
        key: 'maven/org.example:lib',
        kind: 'failed',
        message: `${repo}: ${repo}/org/example/lib/maven-metadata.xml: HTTP 500`,
      },
    ])
  })
})
