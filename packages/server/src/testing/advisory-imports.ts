// Test helpers for advisory data arriving while a server runs (issue 14 re-assessment, issue 16 live
// re-checks and alerts): OSV records, one-package lockfiles, uploads and imports through the real API,
// and waiting for a branch's n-th report.
import { type NotificationDelivery, type Report, reportSchema } from '@sextant/contract'
import { waitForReport } from './instance'

/** An OSV record (HIGH, CVSS 7.5 unless `score` says otherwise) for npm `name` below `fixed`. */
export function osvRecord(
  id: string,
  name: string,
  fixed: string,
  score = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H',
  aliases: string[] = [],
) {
  return {
    id,
    aliases,
    modified: '2024-05-01T00:00:00Z',
    summary: `${name} is vulnerable`,
    severity: [{ type: 'CVSS_V3', score }],
    affected: [
      {
        package: { ecosystem: 'npm', name },
        ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed }] }],
      },
    ],
  }
}

/**
 * A CycloneDX SBOM (with its graph) whose ms declares MIT and left-pad declares nothing: offline, its
 * licensing is partly assessed (issue 14 tests of the gate rule and the page).
 */
export const PARTIAL_LICENCE_SBOM = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  metadata: { component: { 'bom-ref': 'app', type: 'application', name: 'partial-app' } },
  components: [
    {
      'bom-ref': 'ms',
      type: 'library',
      name: 'ms',
      version: '2.1.4',
      purl: 'pkg:npm/ms@2.1.4',
      licenses: [{ license: { id: 'MIT' } }],
    },
    { 'bom-ref': 'lp', type: 'library', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' },
  ],
  dependencies: [{ ref: 'app', dependsOn: ['ms', 'lp'] }],
})

/** A lockfile of one package (`name@version`). */
export function lockOf(name: string, version: string): string {
  return JSON.stringify({
    name: `app-${name}`,
    version: '1.0.0',
    lockfileVersion: 3,
    packages: {
      '': { name: `app-${name}`, version: '1.0.0', dependencies: { [name]: version } },
      [`node_modules/${name}`]: { version },
    },
  })
}

export interface ApiAt {
  url: string
  headers: Record<string, string>
}

/** Uploads files as a new project's branch main and waits for its first report; answers its uuid. */
export async function uploadProject(
  api: ApiAt,
  name: string,
  files: [string, Buffer | string][],
): Promise<string> {
  const form = new FormData()
  for (const [path, content] of files)
    form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), path)
  const res = await fetch(`${api.url}/api/v1/uploads/new/manifests?branch=main&name=${name}`, {
    method: 'POST',
    headers: api.headers,
    body: form,
  })
  if (res.status !== 202) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`)
  const pid = ((await res.json()) as { projectUuid: string }).projectUuid
  await waitForReport(api.url, pid, 'main', api.headers)
  return pid
}

/** POST /api/v1/databases/import of OSV records as JSON lines (a system administrator's headers). */
export async function importRecords(api: ApiAt, fileName: string, records: object[]) {
  const form = new FormData()
  form.append('file', new Blob([records.map((r) => JSON.stringify(r)).join('\n')]), fileName)
  const res = await fetch(`${api.url}/api/v1/databases/import`, {
    method: 'POST',
    headers: api.headers,
    body: form,
  })
  const body = await res.json()
  if (res.status !== 200) throw new Error(JSON.stringify(body))
  return body as { sourceId: string; counts: { inserted: number }; reassessing: boolean }
}

export async function latestReport(api: ApiAt, pid: string): Promise<Report> {
  const res = await fetch(`${api.url}/api/v1/reports/${pid}/full?branch=main`, { headers: api.headers })
  return reportSchema.parse(await res.json())
}

export async function reportHistoryOf(api: ApiAt, pid: string): Promise<{ uuid: string; live?: boolean }[]> {
  const res = await fetch(`${api.url}/api/v1/reports/${pid}/history?branch=main`, { headers: api.headers })
  return (await res.json()) as { uuid: string; live?: boolean }[]
}

/** Waits until branch main has `count` reports and its latest one passes `done`. */
export async function waitForReports(
  api: ApiAt,
  pid: string,
  count: number,
  done: (r: Report) => boolean = () => true,
): Promise<Report> {
  const deadline = Date.now() + 45_000
  for (;;) {
    const h = await reportHistoryOf(api, pid)
    if (h.length >= count) {
      const r = await latestReport(api, pid)
      if (done(r)) return r
    }
    if (Date.now() > deadline) {
      const r = await latestReport(api, pid)
      throw new Error(
        `${pid}: ${h.length} report(s), wanted ${count}; latest ${JSON.stringify(r.security.assessment)}`,
      )
    }
    await new Promise((r) => setTimeout(r, 150))
  }
}

/** The uuid of the account the caller acts in (GET /api/v1/users/me). */
export async function callerAccount(api: ApiAt): Promise<string> {
  const res = await fetch(`${api.url}/api/v1/users/me`, { headers: api.headers })
  return ((await res.json()) as { account: { uuid: string } }).account.uuid
}

/** POSTs JSON and answers the parsed 200 body; anything else throws with the status and body. */
export async function postJson<T>(api: ApiAt, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { ...api.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const json = await res.json()
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`)
  return json as T
}

/** The account's notification delivery log (issue 16), as the API answers it. */
export async function deliveriesOf(api: ApiAt, account: string): Promise<NotificationDelivery[]> {
  const res = await fetch(`${api.url}/api/v1/accounts/${account}/notifications/deliveries`, {
    headers: api.headers,
  })
  return (await res.json()) as NotificationDelivery[]
}
