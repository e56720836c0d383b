// Requests to DataTrails (formerly RKVST; accounts-and-api §7 "Asset-tracking integration", issue 17),
// through integrations/service-call (the outbound client and its SSRF rule): the OAuth2 client-credentials
// token (POST /archivist/iam/v1/appidp/token), assets (GET and POST /archivist/v2/assets), events (POST
// /archivist/v2/assets/{id}/events) and blobs (POST /archivist/v1/blobs, multipart 'file'). Answers are
// parsed here; a refused token or credentials is 'invalid', anything unusable 'upstream'.
import { z } from 'zod'
import { callService, jsonOf, type ServiceHttp } from '../../integrations/service-call'
import { fail, ok, type Result } from '../../services/result'

export interface DataTrailsApp {
  baseUrl: string
  clientId: string
  clientSecret: string
}

const SERVICE = 'DataTrails'

async function call<S extends z.ZodType>(
  http: ServiceHttp,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string | Uint8Array },
  schema: S,
  what: string,
): Promise<Result<z.infer<S>>> {
  const answer = await callService(http, { service: SERVICE, url, ...init })
  if (!answer.ok) return answer
  const { status, text } = answer.value
  if (status === 401 || status === 403)
    return fail(
      'invalid',
      `DataTrails refused ${what} (HTTP ${status}): check clientId and clientSecret, and the application's access policies.`,
    )
  if (status >= 400 && status < 500)
    return fail('invalid', `DataTrails answered HTTP ${status} to ${what}${reasonOf(text)}`)
  if (status < 200 || status >= 300) return fail('upstream', `DataTrails answered HTTP ${status} to ${what}.`)
  const json = jsonOf(SERVICE, url, text)
  if (!json.ok) return json
  const parsed = schema.safeParse(json.value)
  if (!parsed.success)
    return fail(
      'upstream',
      `DataTrails answered ${what} in an unexpected shape (${parsed.error.issues[0]?.path.join('.') || 'body'}): check baseUrl.`,
    )
  return ok(parsed.data)
}

const reasonsSchema = z.object({
  message: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
})

function reasonOf(text: string): string {
  try {
    const r = reasonsSchema.safeParse(JSON.parse(text))
    const why = r.success ? (r.data.message ?? r.data.error_description ?? r.data.error) : undefined
    return why ? `: ${why.slice(0, 300)}` : '.'
  } catch {
    return '.'
  }
}

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() })

/** OAuth2 client credentials: a bearer token and its life in seconds. */
export async function datatrailsToken(
  http: ServiceHttp,
  app: DataTrailsApp,
): Promise<Result<{ token: string; expiresIn: number }>> {
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: app.clientId,
    client_secret: app.clientSecret,
  }).toString()
  const answer = await call(
    http,
    `${app.baseUrl}/archivist/iam/v1/appidp/token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    },
    tokenSchema,
    'the client credentials',
  )
  return answer.ok ? ok({ token: answer.value.access_token, expiresIn: answer.value.expires_in }) : answer
}

export interface Authorized {
  baseUrl: string
  token: string
}

const bearer = (a: Authorized) => ({ authorization: `Bearer ${a.token}`, accept: 'application/json' })
const assetSchema = z.object({
  identity: z.string().regex(/^assets\/[\w-]+$/),
  attributes: z.record(z.string(), z.unknown()).default({}),
})
const eventSchema = z.object({ identity: z.string().regex(/^assets\/[\w-]+\/events\/[\w-]+$/) })
const blobSchema = z.object({
  identity: z.string().regex(/^blobs\/[\w-]+$/),
  hash: z.object({ alg: z.string(), value: z.string() }),
  size: z.coerce.number().int().optional(),
})

/** The asset whose attributes name this project branch, if DataTrails has one. */
export async function findBranchAsset(
  http: ServiceHttp,
  a: Authorized,
  project: string,
  branch: string,
): Promise<Result<string | null>> {
  const query = new URLSearchParams({
    'attributes.sextant_project': project,
    'attributes.sextant_branch': branch,
    page_size: '1',
  })
  const list = await call(
    http,
    `${a.baseUrl}/archivist/v2/assets?${query}`,
    { method: 'GET', headers: bearer(a) },
    z.object({ assets: z.array(assetSchema).default([]) }),
    'the asset search',
  )
  return list.ok ? ok(list.value.assets[0]?.identity ?? null) : list
}

export async function createBranchAsset(
  http: ServiceHttp,
  a: Authorized,
  asset: { project: string; projectName: string; branch: string },
): Promise<Result<string>> {
  const created = await call(
    http,
    `${a.baseUrl}/archivist/v2/assets`,
    {
      method: 'POST',
      headers: { ...bearer(a), 'content-type': 'application/json' },
      body: JSON.stringify({
        behaviours: ['RecordEvidence'],
        attributes: {
          arc_display_name: `${asset.projectName} (${asset.branch})`,
          arc_display_type: 'Software Package',
          arc_description: `Sextant project ${asset.projectName}, branch ${asset.branch}`,
          sextant_project: asset.project,
          sextant_branch: asset.branch,
        },
        public: false,
      }),
    },
    assetSchema,
    'the asset creation',
  )
  return created.ok ? ok(created.value.identity) : created
}

/** Records an event with these attributes on the asset; answers the event's identity. */
export async function recordEvent(
  http: ServiceHttp,
  a: Authorized,
  assetIdentity: string,
  attributes: Record<string, unknown>,
): Promise<Result<string>> {
  const event = await call(
    http,
    `${a.baseUrl}/archivist/v2/${assetIdentity}/events`,
    {
      method: 'POST',
      headers: { ...bearer(a), 'content-type': 'application/json' },
      body: JSON.stringify({
        operation: 'Record',
        behaviour: 'RecordEvidence',
        event_attributes: attributes,
      }),
    },
    eventSchema,
    'the event',
  )
  return event.ok ? ok(event.value.identity) : event
}

/** Uploads a file as a blob (multipart field 'file'); answers its identity and DataTrails' SHA-256. */
export async function uploadBlob(
  http: ServiceHttp,
  a: Authorized,
  file: { name: string; type: string; bytes: Uint8Array },
): Promise<Result<{ identity: string; sha256: string }>> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
  // The multipart body and its boundary, serialised in memory (no request is made here).
  const encoded = new Request('http://multipart.invalid/', { method: 'POST', body: form })
  const body = new Uint8Array(await encoded.arrayBuffer())
  const blob = await call(
    http,
    `${a.baseUrl}/archivist/v1/blobs`,
    {
      method: 'POST',
      headers: { ...bearer(a), 'content-type': encoded.headers.get('content-type') ?? '' },
      body,
    },
    blobSchema,
    'the SBOM upload',
  )
  if (!blob.ok) return blob
  if (blob.value.hash.alg.toUpperCase() !== 'SHA256')
    return fail('upstream', `DataTrails hashed the SBOM with ${blob.value.hash.alg}, not SHA256.`)
  return ok({ identity: blob.value.identity, sha256: blob.value.hash.value.toLowerCase() })
}
