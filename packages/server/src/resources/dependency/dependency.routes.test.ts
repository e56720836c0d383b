// Library lookups over HTTP on each storage mode (spec accounts-and-api §7; issue 9 "Library lookups"):
// the corpus's npm advisories imported, a local registry answering lodash's packument; advices of
// one version as Advice objects, the next safe version per lane, 404 for an unknown language.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { dependencyAdvicesSchema, dependencyNextSchema } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importAdvisories } from '../../advisories'
import { corpusDir } from '../../advisories/test-corpus'
import { storageModes } from '../../testing/databases'
import { startTestInstance, type TestInstance } from '../../testing/instance'

const lodashVersions = ['4.17.19', '4.17.20', '4.17.21', '5.0.0-alpha.1']

describe.each(storageModes())('library lookups on %s storage', (mode) => {
  let t: TestInstance
  let registry: Server

  beforeAll(async () => {
    registry = createServer((req, res) => {
      if (req.url !== '/lodash') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}')
        return
      }
      const versions = Object.fromEntries(lodashVersions.map((v) => [v, { name: 'lodash', version: v }]))
      const time = Object.fromEntries(lodashVersions.map((v, i) => [v, `2020-0${i + 1}-01T00:00:00.000Z`]))
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ name: 'lodash', versions, time, 'dist-tags': { latest: '4.17.21' } }))
    })
    await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve))
    const port = (registry.address() as AddressInfo).port
    t = await startTestInstance(mode, {
      SEXTANT_OFFLINE: 'false',
      SEXTANT_NPM_REGISTRY: `http://127.0.0.1:${port}/`,
    })
    const imported = await importAdvisories(t.sextant.db, join(corpusDir, 'osv', 'npm.jsonl.gz'))
    expect(imported.ok).toBe(true)
  })
  afterAll(async () => {
    await t?.close()
    await new Promise<void>((resolve) => registry.close(() => resolve()))
  })

  const get = async (path: string) => {
    const res = await fetch(`${t.url}${path}`)
    return { status: res.status, json: (await res.json()) as unknown }
  }

  it('answers the advisories of one version as Advice objects', async () => {
    const r = await get('/api/v1/dependency/nodejs/lodash/4.17.20')
    expect(r.status).toBe(200)
    const body = dependencyAdvicesSchema.parse(r.json)
    expect(body.assessed).toBe(true)
    expect(body.advices.map((a) => a.id).sort()).toEqual(['GHSA-29mw-wpgm-hmr9', 'GHSA-35jh-r3h4-6jhm'])
    const injection = body.advices.find((a) => a.id === 'GHSA-35jh-r3h4-6jhm')!
    expect(injection.cve).toBe('CVE-2021-23337')
    expect(injection.fixedInVersions).toContain('4.17.21')
    expect(injection.affectedComponents).toEqual(['lodash@4.17.20'])
  })

  it('answers no advices for a fixed version, and 404 for an unknown language', async () => {
    const fixed = dependencyAdvicesSchema.parse((await get('/api/v1/dependency/nodejs/lodash/4.17.21')).json)
    expect(fixed.advices).toEqual([])
    expect((await get('/api/v1/dependency/cobol/lodash/4.17.21')).status).toBe(404)
  })

  it('answers a scoped npm name sent encoded', async () => {
    const r = await get('/api/v1/dependency/nodejs/%40babel%2Ftraverse/7.22.0')
    expect(r.status).toBe(200)
    expect(dependencyAdvicesSchema.parse(r.json).name).toBe('@babel/traverse')
  })

  it('answers the next safe version per lane from the registry versions', async () => {
    const r = await get('/api/v1/dependency/nodejs/lodash/4.17.20/next')
    expect(r.status).toBe(200)
    const body = dependencyNextSchema.parse(r.json)
    expect(body.versionsConsidered).toBe(lodashVersions.length)
    // 5.0.0-alpha.1 is a pre-release, never proposed: every lane ends at 4.17.21.
    expect(body.safeVersions).toEqual({
      latestPatch: '4.17.21',
      latestMinor: '4.17.21',
      latestMajor: '4.17.21',
    })
  })

  it('answers 400 for a version the language cannot read', async () => {
    expect((await get('/api/v1/dependency/nodejs/lodash/not-a-version')).status).toBe(400)
  })
})
