// Issue 13 item 2: uploads store only what the analysis reads, builds are limited like one upload, and a
// 413 names the limit that was hit (600 files named the MB limit). Item 19: a NUL in a file name is a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../testing/databases'
import { adminAuth, startTestInstance, type TestInstance } from '../testing/instance'

const lockfile = (name = 'app') =>
  JSON.stringify({
    name,
    lockfileVersion: 3,
    packages: { '': { name, dependencies: { a: '1.0.0' } }, 'node_modules/a': { version: '1.0.0' } },
  })

function formOf(files: [name: string, content: string | Uint8Array<ArrayBuffer>][]): FormData {
  const form = new FormData()
  for (const [name, content] of files) form.append('file', new Blob([content]), name)
  return form
}

describe.each(storageModes())('upload limits and kept files on %s storage', (mode) => {
  let t: TestInstance
  let auth: Record<string, string>
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await t.sextant.db.query(sql, params)).rows[0].n)

  beforeAll(async () => {
    t = await startTestInstance(mode, { SEXTANT_BODY_LIMIT_MB: '1', SEXTANT_UPLOAD_MAX_FILES: '500' })
    auth = await adminAuth(t.url)
  })
  afterAll(async () => t?.close())

  it('answers 600 files with 413 naming the 500-file limit, not the MB limit', async () => {
    const files = Array.from({ length: 600 }, (_, i): [string, string] => [`p${i}/package.json`, '{}'])
    const res = await fetch(`${t.url}/api/v1/uploads/new/manifests`, { method: 'POST', body: formOf(files) })
    const body = (await res.json()) as { message: string }
    expect(res.status).toBe(413)
    expect(body.message).toBe('Too many files: the limit is 500 files per upload (SEXTANT_UPLOAD_MAX_FILES).')
  })

  it('keeps only the files the analysis reads (and .meterian) of an anonymous upload', async () => {
    const junk = new Uint8Array(300_000).fill(65)
    const res = await fetch(`${t.url}/api/v1/uploads/new/manifests`, {
      method: 'POST',
      body: formOf([
        ['package-lock.json', lockfile()],
        ['.meterian', '{}'],
        ['README.md', junk],
        ['src/app.js', junk],
        ['node_modules/x/package.json', '{}'],
        ['big.bin', junk],
      ]),
    })
    expect(res.status).toBe(202)
    const { analysisUuid } = (await res.json()) as { analysisUuid: string }
    const { rows } = await t.sextant.db.query<{ path: string }>(
      'SELECT path FROM analysis_files WHERE analysis_uuid = $1 ORDER BY path',
      [analysisUuid],
    )
    expect(rows.map((r) => r.path)).toEqual(['.meterian', 'package-lock.json'])
  })

  it('answers 400 naming a file name with a NUL character, storing nothing', async () => {
    const before = await count('SELECT count(*) AS n FROM analyses')
    const res = await fetch(`${t.url}/api/v1/uploads/new/manifests`, {
      method: 'POST',
      body: formOf([
        ['package-lock.json', lockfile()],
        ['a\u0000b/package-lock.json', lockfile()],
      ]),
    })
    const body = (await res.json()) as { message: string; details?: { field: string }[] }
    expect({ status: res.status, message: body.message }).toEqual({
      status: 400,
      message: 'Invalid upload: files.1.filename: must not contain a NUL character (\\0)',
    })
    expect(body.details?.[0]?.field).toBe('files.1.filename')
    expect(await count('SELECT count(*) AS n FROM analyses')).toBe(before)
  })

  describe('a build', () => {
    const newBuild = async (name: string) => {
      const res = await fetch(`${t.url}/api/v1/builds`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `https://example.test/${name}.git`, branch: 'main' }),
      })
      expect(res.status).toBe(201)
      return ((await res.json()) as { uuid: string }).uuid
    }
    const upload = (build: string, files: [string, string | Uint8Array<ArrayBuffer>][]) =>
      fetch(`${t.url}/api/v1/builds/${build}/files`, { method: 'POST', headers: auth, body: formOf(files) })
    const stored = (build: string) =>
      count('SELECT count(*) AS n FROM build_files WHERE build_uuid = $1', [build])

    it('holds at most the files of one upload, however many uploads, naming the limit', async () => {
      const build = await newBuild('many-files')
      const batch = (from: number) =>
        Array.from({ length: 300 }, (_, i): [string, string] => [`m${from + i}/package.json`, '{}'])
      expect((await upload(build, batch(0))).status).toBe(200)
      const second = await upload(build, batch(300))
      expect(second.status).toBe(413)
      expect(((await second.json()) as { message: string }).message).toBe(
        'Too many files: the limit is 500 files per build (SEXTANT_UPLOAD_MAX_FILES). It holds 300; this upload adds 300.',
      )
      expect(await stored(build)).toBe(300)
      // Sending a file again replaces it: it does not count twice.
      expect((await upload(build, batch(0).slice(0, 200))).status).toBe(200)
      expect(await stored(build)).toBe(300)
    })

    it('holds at most the bytes of one upload, however many uploads, naming the limit', async () => {
      const build = await newBuild('many-bytes')
      const part = (i: number): [string, Uint8Array<ArrayBuffer>] => [
        `b${i}/package-lock.json`,
        new Uint8Array(400_000).fill(32),
      ]
      expect((await upload(build, [part(0)])).status).toBe(200)
      expect((await upload(build, [part(1)])).status).toBe(200)
      const third = await upload(build, [part(2)])
      expect(third.status).toBe(413)
      expect(((await third.json()) as { message: string }).message).toBe(
        'The build is too large: the limit is 1 MB per build and per file (SEXTANT_BODY_LIMIT_MB). It holds 0.8 MB; this upload adds 0.4 MB.',
      )
      expect(await stored(build)).toBe(2)
    })

    it('keeps only the files the analysis reads', async () => {
      const build = await newBuild('kept')
      const res = await upload(build, [
        ['package-lock.json', lockfile()],
        ['notes.txt', 'x'.repeat(100_000)],
      ])
      expect(res.status).toBe(200)
      expect(((await res.json()) as { files: string[] }).files).toEqual(['package-lock.json'])
    })
  })
})
