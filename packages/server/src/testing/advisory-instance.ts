// Test helpers for API tests that need findings: an instance whose advisory store holds the given OSV
// records (offline, loaded from a local JSONL file), the tiny npm app uploaded as a project, and a
// recompute that waits for its report. Tests only.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { StorageMode } from './databases'
import { startTestInstance, type TestInstance, waitForReport } from './instance'

const fixture = (name: string) => readFileSync(new URL(`../resources/fixtures/${name}`, import.meta.url))

/** A running instance with these advisories loaded (waits until the store lists their ecosystem). */
export async function startWithAdvisories(
  mode: StorageMode,
  records: readonly object[],
  env: Record<string, string> = {},
): Promise<TestInstance> {
  const dir = mkdtempSync(join(tmpdir(), 'sx-osv-'))
  writeFileSync(join(dir, 'records.jsonl'), records.map((r) => `${JSON.stringify(r)}\n`).join(''))
  const t = await startTestInstance(mode, {
    SEXTANT_ADVISORY_SOURCES: join(dir, 'records.jsonl'),
    SEXTANT_OFFLINE: 'true',
    ...env,
  })
  const deadline = Date.now() + 30_000
  for (;;) {
    const stats = (await (await fetch(`${t.url}/api/v1/stats/advisories-dbs`)).json()) as object
    if (JSON.stringify(stats).includes('"npm"') || Date.now() > deadline) break
    await new Promise((r) => setTimeout(r, 200))
  }
  return t
}

/** Uploads the tiny npm app (ms 2.1.3 direct, ms 2.1.2 through debug) to a new project; answers its uuid. */
export async function uploadTinyApp(url: string, headers: Record<string, string>): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(fixture('package.json'))]), 'package.json')
  form.append('file', new Blob([new Uint8Array(fixture('package-lock.json'))]), 'package-lock.json')
  const up = await fetch(`${url}/api/v1/uploads/new/manifests?branch=main`, {
    method: 'POST',
    headers,
    body: form,
  })
  if (up.status !== 202) throw new Error(`upload answered ${up.status}: ${await up.text()}`)
  const pid = ((await up.json()) as { projectUuid: string }).projectUuid
  await waitForReport(url, pid, 'main', headers)
  return pid
}

/** Recomputes a branch and answers its new latest report once stored. */
export async function recomputeAndWait<T>(
  url: string,
  headers: Record<string, string>,
  pid: string,
  branch = 'main',
): Promise<T> {
  const q = `branch=${encodeURIComponent(branch)}`
  const count = async () =>
    ((await (await fetch(`${url}/api/v1/reports/${pid}/history?${q}`, { headers })).json()) as unknown[])
      .length
  const before = await count()
  const res = await fetch(`${url}/api/v1/reports/${pid}/full?${q}`, { method: 'POST', headers })
  if (res.status !== 202) throw new Error(`recompute answered ${res.status}: ${await res.text()}`)
  const deadline = Date.now() + 60_000
  while ((await count()) === before) {
    if (Date.now() > deadline) throw new Error('no recomputed report')
    await new Promise((r) => setTimeout(r, 100))
  }
  return (await (await fetch(`${url}/api/v1/reports/${pid}/full?${q}`, { headers })).json()) as T
}
