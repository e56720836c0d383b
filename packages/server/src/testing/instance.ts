// A whole Sextant (API + workers) for API tests, on a test database, listening on a free loopback port.
import type { MailMessage } from '../resources/credentials/mail'
import { type RunningSextant, type StartOptions, startSextant } from '../runtime'
import { createTestDatabase, type StorageMode } from './databases'

export interface TestInstance {
  sextant: RunningSextant
  url: string
  /** The e-mails the server sent (sign-up, invitation and reset links), unless SEXTANT_SMTP_URL is set. */
  mails: MailMessage[]
  close(): Promise<void>
}

export const TEST_ADMIN = { email: 'admin@example.test', password: 'correct horse battery' }
export const TEST_BOOTSTRAP_TOKEN = '5b0e3f8c-55d4-4e4d-9f55-2a6f9c1d0e11'

export async function startTestInstance(
  mode: StorageMode,
  extraEnv: Record<string, string> = {},
  options: { workers?: boolean } & Pick<StartOptions, 'outbound' | 'log' | 'clock'> = {},
): Promise<TestInstance> {
  const database = await createTestDatabase(mode)
  const mails: MailMessage[] = []
  // A test's own SMTP server (SEXTANT_SMTP_URL) gets the mails; otherwise they are kept here.
  const smtp = extraEnv.SEXTANT_SMTP_URL
  const sextant = await startSextant({
    ...(smtp ? {} : { mail: { kind: 'log', send: async (m: MailMessage) => void mails.push(m) } }),
    api: true,
    workers: options.workers ?? true,
    print: () => {},
    ...(options.outbound ? { outbound: options.outbound } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SEXTANT_SERVE_WEB: 'false',
      // No network in tests: registries only from the cache or a local fixture registry, no remote advisory sync.
      SEXTANT_OFFLINE: 'true',
      SEXTANT_ADVISORY_SOURCES: 'none',
      // Nor a remote EPSS or KEV fetch when a test turns SEXTANT_OFFLINE off for a local registry.
      SEXTANT_EPSS_SOURCE: 'none',
      SEXTANT_KEV_SOURCE: 'none',
      SEXTANT_ADMIN_EMAIL: TEST_ADMIN.email,
      SEXTANT_ADMIN_PASSWORD: TEST_ADMIN.password,
      SEXTANT_BOOTSTRAP_TOKEN: TEST_BOOTSTRAP_TOKEN,
      ...database.env,
      ...extraEnv,
    },
  })
  return {
    sextant,
    url: sextant.url!,
    mails,
    close: async () => {
      await sextant.stop()
      await database.dispose()
    },
  }
}

/** Polls until the branch has a report (or the analysis failed); answers the report JSON. */
export async function waitForReport(
  url: string,
  projectUuid: string,
  branch: string,
  headers: Record<string, string> = {},
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const res = await fetch(
      `${url}/api/v1/reports/${projectUuid}/full?branch=${encodeURIComponent(branch)}`,
      { headers },
    )
    if (res.status === 200) return (await res.json()) as Record<string, unknown>
    const project = (await (await fetch(`${url}/api/v1/projects/${projectUuid}`, { headers })).json()) as {
      analyses?: { status: string; error: string | null }[]
    }
    const failed = project.analyses?.find((a) => a.status === 'FAILED')
    if (failed) throw new Error(`analysis failed: ${failed.error}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no report for ${projectUuid}/${branch} within ${timeoutMs} ms`)
}

/** Uploads a CycloneDX file to a new project on `branch` (public without `headers`); answers its uuid. */
export async function uploadSbomToNew(
  url: string,
  sbom: Uint8Array,
  headers: Record<string, string> = {},
  branch = 'main',
): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(sbom)]), 'bom.json')
  const res = await fetch(`${url}/api/v1/uploads/new/sbom-cdx.json?branch=${branch}`, {
    method: 'POST',
    body: form,
    headers,
  })
  const body = (await res.json()) as { projectUuid?: string }
  if (res.status !== 202 || !body.projectUuid)
    throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`)
  return body.projectUuid
}

/** The `Authorization` header of the test administrator, signed in with e-mail and password. */
export async function adminAuth(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/v1/credentials/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  })
  const { accessToken } = (await res.json()) as { accessToken: string }
  return { authorization: `Bearer ${accessToken}` }
}
