// The findings table over HTTP (issue 19 "Findings table"): one row per component × advisory with its
// stored analysis and path, and the CSV of exactly the rows (by key, in the page's order) and columns
// shown, through the server's CSV writer; a key the report does not hold is refused; outsiders of a
// private project see nothing.
import { findingRowsOf, findingsAnswerSchema } from '@sextant/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWithAdvisories, uploadTinyApp } from '../../testing/advisory-instance'
import { storageModes } from '../../testing/databases'
import { TEST_BOOTSTRAP_TOKEN, type TestInstance } from '../../testing/instance'

const admin = { authorization: `Token ${TEST_BOOTSTRAP_TOKEN}` }
const json = { ...admin, 'content-type': 'application/json' }
const ADVICE = 'GHSA-test-ms00-0002'
const advisory = {
  id: ADVICE,
  modified: '2024-01-01T00:00:00Z',
  aliases: ['CVE-2099-0002'],
  summary: '=ms is slow',
  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }],
  affected: [
    {
      package: { ecosystem: 'npm', name: 'ms' },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '2.1.4' }] }],
    },
  ],
}
/** The answer as the page reads it: checked by the contract, rows decoded from the columns. */
async function answerOf(res: Response) {
  const answer = findingsAnswerSchema.parse(await res.json())
  return { ...answer, rows: findingRowsOf(answer) }
}

describe.each(storageModes())('findings table on %s storage', (mode) => {
  let t: TestInstance
  let pid = ''
  beforeAll(async () => {
    t = await startWithAdvisories(mode, [advisory])
    pid = await uploadTinyApp(t.url, admin)
  }, 60_000)
  afterAll(async () => t?.close())
  const setState = (version: string, state: string) =>
    fetch(`${t.url}/api/v2/triage/${pid}/main`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        findings: [{ library: { name: 'ms', language: 'nodejs' }, version, adviceId: ADVICE }],
        analysis: { state },
      }),
    })

  it('answers one row per component and advisory, with the stored analysis and the path', async () => {
    expect((await setState('2.1.2', 'exploitable')).status).toBe(200)
    const res = await fetch(`${t.url}/api/v2/findings/${pid}/main`, { headers: admin })
    expect(res.status).toBe(200)
    const answer = await answerOf(res)
    expect(answer.hasPrevious).toBe(false)
    const byVersion = new Map(answer.rows.map((r) => [r.version, r]))
    expect([...byVersion.keys()].sort()).toEqual(['2.1.2', '2.1.3'])
    expect(byVersion.get('2.1.3')).toMatchObject({
      direct: true,
      state: 'not_set',
      cve: 'CVE-2099-0002',
      introducedThrough: '',
    })
    expect(byVersion.get('2.1.2')).toMatchObject({
      direct: false,
      state: 'exploitable',
      introducedThrough: 'debug@4.3.4 › ms@2.1.2',
    })
  })

  it('writes the CSV of exactly the rows and columns shown, in their order', async () => {
    const { reportUuid, rows } = await answerOf(
      await fetch(`${t.url}/api/v2/findings/${pid}/main`, { headers: admin }),
    )
    const keys = rows
      .map((r) => r.key)
      .sort()
      .reverse()
    const res = await fetch(`${t.url}/api/v2/findings/${pid}/main/csv`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ reportUuid, columns: ['version', 'advisory', 'title', 'state', 'path'], keys }),
    })
    const file = (await res.json()) as { fileName: string; csv: string }
    expect(res.status, JSON.stringify(file)).toBe(200)
    expect(file.fileName).toMatch(/-main-findings\.csv$/)
    expect(file.csv.split('\r\n')).toEqual([
      'Version,Advisory,Title,Analysis,Introduced through',
      "2.1.3,CVE-2099-0002,'=ms is slow,not set,",
      "2.1.2,CVE-2099-0002,'=ms is slow,exploitable,debug@4.3.4 › ms@2.1.2",
      '',
    ])
    const bad = await fetch(`${t.url}/api/v2/findings/${pid}/main/csv`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ reportUuid, columns: ['version'], keys: ['nodejs/nope@1#X'] }),
    })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { message: string }).message).toContain(
      "keys[0]: the report has no finding 'nodejs/nope@1#X'",
    )
  })

  it('shows outsiders of a private project nothing', async () => {
    expect((await fetch(`${t.url}/api/v2/findings/${pid}/main`)).status).toBe(404)
  })

  it('answers a revalidation with 304 and a triage with new rows (issue 19 acceptance 4: cached rows)', async () => {
    const url = `${t.url}/api/v2/findings/${pid}/main`
    const first = await fetch(url, { headers: admin })
    const etag = first.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"findings\.[^"]+"$/)
    expect(first.headers.get('cache-control')).toBe('private, no-cache')
    const again = await fetch(url, { headers: { ...admin, 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect((await setState('2.1.3', 'in_triage')).status).toBe(200)
    const after = await fetch(url, { headers: { ...admin, 'if-none-match': etag } })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(etag)
    const rows = (await answerOf(after)).rows
    expect(rows.find((r) => r.version === '2.1.3')?.state).toBe('in_triage')
    expect(rows.find((r) => r.version === '2.1.2')?.state).toBe('exploitable')
  })
})
