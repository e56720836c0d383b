// Issue 13 item 19: a NUL character in a project name, branch or filename answered a generic 500 (PostgreSQL
// stores no NUL). The shared request parsing (bindRoute, the multipart reader) answers 400 naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../testing/databases'
import { adminAuth, startTestInstance, type TestInstance } from '../testing/instance'
import { nulField } from './route'

const lockfile = JSON.stringify({
  name: 'app',
  lockfileVersion: 3,
  packages: { '': { name: 'app', dependencies: { a: '1.0.0' } }, 'node_modules/a': { version: '1.0.0' } },
})

function form(filename = 'package-lock.json'): FormData {
  const f = new FormData()
  f.append('file', new Blob([lockfile]), filename)
  return f
}

describe('nulField', () => {
  it('names the first string or key holding a NUL, however deep', () => {
    expect(nulField({ a: ['x', { b: 'y\u0000' }] }, 'body')).toBe('body.a.1.b')
    expect(nulField({ 'k\u0000': 1 }, 'body')).toBe('body.k\\0')
    expect(nulField({ a: 'no', n: 1, t: true, z: null }, 'query')).toBeNull()
    let deep: unknown = 'x\u0000'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(nulField(deep, 'body')).toMatch(/^body(\.0)+$/)
  })
})

describe.each(storageModes())('NUL characters in requests on %s storage', (mode) => {
  let t: TestInstance
  let auth: Record<string, string>

  beforeAll(async () => {
    t = await startTestInstance(mode)
    auth = await adminAuth(t.url)
  })
  afterAll(async () => t?.close())

  const expect400 = async (res: Response, field: string) => {
    const body = (await res.json()) as { status: number; message: string; details?: { field: string }[] }
    expect({ status: res.status, message: body.message }).toEqual({
      status: 400,
      message: expect.stringContaining(`${field}: must not contain a NUL character`),
    })
    expect(body.details?.[0]?.field).toBe(field)
  }

  it('answers 400 naming the branch and the project name of an upload, storing nothing', async () => {
    const before = Number((await t.sextant.db.query('SELECT count(*) AS n FROM projects')).rows[0].n)
    await expect400(
      await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=ma%00in`, { method: 'POST', body: form() }),
      'query.branch',
    )
    await expect400(
      await fetch(`${t.url}/api/v1/uploads/new/manifests?name=a%00b`, { method: 'POST', body: form() }),
      'query.name',
    )
    const after = Number((await t.sextant.db.query('SELECT count(*) AS n FROM projects')).rows[0].n)
    expect(after).toBe(before)
  })

  it('answers 400 naming a JSON body field and a path parameter', async () => {
    await expect400(
      await fetch(`${t.url}/api/v1/projects`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'https://example.test/a.git', name: 'x\u0000y' }),
      }),
      'body.name',
    )
    await expect400(await fetch(`${t.url}/api/v1/projects/abc%00def`, { headers: auth }), 'path.projectId')
  })
})
