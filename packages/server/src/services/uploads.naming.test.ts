// Projects keep their names and uploading the same project again adds a report to it (issue 14): a new
// project is named from its files (pom, settings.gradle, package.json, SBOM metadata), else its
// repository, never '.' or a date; a member's upload to 'new' with the URL or name of one of their
// projects joins it, private unless made public.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageModes } from '../testing/databases'
import {
  startTestInstance,
  TEST_BOOTSTRAP_TOKEN,
  type TestInstance,
  waitForReport,
} from '../testing/instance'
import { corpusDir } from '../testing/npm-registry'
import { projectName } from './uploads.service'

const fixture = (name: string) => readFileSync(new URL(`../resources/fixtures/${name}`, import.meta.url))
const corpus = (path: string) => readFileSync(join(corpusDir, 'projects', path))
const token = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }

describe('projectName', () => {
  it.each([
    [{ name: 'given' }, 'detected', 'given'],
    [{}, 'detected', 'detected'],
    [{ url: 'https://github.com/acme/shop-front.git' }, null, 'acme/shop-front'],
    [{}, null, 'bom'],
  ])('%o with %s → %s', (query, detected, expected) => {
    expect(projectName(query, detected, [{ path: 'sub/bom.json' }])).toBe(expected)
  })
  it('never names a project after a hidden file or nothing', () => {
    expect(projectName({}, null, [{ path: '.meterian' }])).toBe('meterian')
    expect(projectName({}, null, [])).toBe('Unnamed project')
  })
})

describe.each(storageModes())('upload naming and re-upload on %s storage', (mode) => {
  let t: TestInstance
  beforeAll(async () => {
    t = await startTestInstance(mode, {}, { workers: false })
  })
  afterAll(async () => t?.close())

  async function upload(files: [string, Buffer][], query = '', auth: Record<string, string> = token) {
    const form = new FormData()
    for (const [name, content] of files) form.append('file', new Blob([new Uint8Array(content)]), name)
    const res = await fetch(`${t.url}/api/v1/uploads/new/manifests?branch=main${query}`, {
      method: 'POST',
      body: form,
      headers: auth,
    })
    const json = (await res.json()) as { projectUuid: string; projectCreated?: boolean; message?: string }
    expect(res.status, json.message).toBe(202)
    const project = (await (
      await fetch(`${t.url}/api/v1/projects/${json.projectUuid}`, { headers: auth })
    ).json()) as {
      name: string
      isPublic: boolean
    }
    return { ...json, project }
  }

  it('names projects from the pom, settings.gradle, package.json and the SBOM, never "."', async () => {
    const pom = await upload([['pom.xml', corpus('commons-lang/pom.xml')]])
    expect(pom.project.name).toBe('Apache Commons Lang')
    const gradle = await upload([
      ['build.gradle', corpus('spring-petclinic/build.gradle')],
      ['settings.gradle', corpus('spring-petclinic/settings.gradle')],
    ])
    expect(gradle.project.name).toBe('spring-petclinic')
    const npm = await upload([
      ['package.json', fixture('package.json')],
      ['package-lock.json', fixture('package-lock.json')],
    ])
    expect(npm.project.name).toBe(JSON.parse(fixture('package.json').toString()).name)
    const sbom = await upload([['bom.json', fixture('small.cdx.json')]])
    expect(sbom.project.name).toBe('shop-front')
    for (const p of [pom, gradle, npm, sbom]) {
      expect(p.project.name).not.toMatch(/^\.|^project-\d{4}/)
      // uploads with a token land in the token's account, private
      expect(p.project.isPublic).toBe(false)
      expect((await fetch(`${t.url}/api/v1/projects/${p.projectUuid}`)).status).toBe(404)
    }
  })

  it('adds a report to the project with the same name or URL instead of creating a twin', async () => {
    const files: [string, Buffer][] = [['bom.json', fixture('small.cdx.json')]]
    const first = await upload(files, '&name=twin-check')
    expect(first.projectCreated).toBe(true)
    const again = await upload(files, '&name=twin-check')
    expect(again).toMatchObject({ projectUuid: first.projectUuid, projectCreated: false })

    const byUrl = await upload(files, '&url=https://example.test/acme/web.git&name=web')
    const renamed = await upload(files, '&url=https://example.test/acme/web.git&name=web-renamed')
    expect(renamed.projectUuid).toBe(byUrl.projectUuid)
    // the same name from another repository is another project
    const other = await upload(files, '&url=https://example.test/other/web.git&name=web')
    expect(other.projectUuid).not.toBe(byUrl.projectUuid)

    const analyses = await t.sextant.db.query(
      'SELECT count(*)::int AS n FROM analyses WHERE project_uuid = $1',
      [first.projectUuid],
    )
    expect(analyses.rows[0].n).toBe(2)
  })
})

describe.each(storageModes())('a re-upload analysed on %s storage', (mode) => {
  let t: TestInstance
  beforeAll(async () => {
    t = await startTestInstance(mode)
  })
  afterAll(async () => t?.close())

  it('shows both reports in the history of the one project', async () => {
    const send = async () => {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(fixture('small.cdx.json'))]), 'bom.json')
      const res = await fetch(`${t.url}/api/v1/uploads/new/sbom-cdx.json?branch=main`, {
        method: 'POST',
        body: form,
        headers: token,
      })
      return ((await res.json()) as { projectUuid: string }).projectUuid
    }
    const pid = await send()
    await waitForReport(t.url, pid, 'main', token)
    expect(await send()).toBe(pid)
    await expect
      .poll(
        async () =>
          (
            (await (
              await fetch(`${t.url}/api/v1/reports/${pid}/history?branch=main`, { headers: token })
            ).json()) as unknown[]
          ).length,
        { timeout: 30_000 },
      )
      .toBe(2)
  })
})
