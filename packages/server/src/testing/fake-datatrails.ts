// A local DataTrails (formerly RKVST) for tests (issue 17 "Asset-tracking integration"), answering as its
// public API does: the OAuth2 client-credentials token (POST /archivist/iam/v1/appidp/token, form body;
// 401 {"error":"invalid_client"} for other credentials), and with a bearer token it issued: assets (GET
// /archivist/v2/assets with attributes.<name>=<value> filters, POST to create), events (POST
// /archivist/v2/assets/{id}/events: operation, behaviour and event_attributes required; 404 for an
// unknown asset), blobs (POST /archivist/v1/blobs, multipart field 'file', answering its SHA-256; GET
// /archivist/v1/blobs/{id} the bytes). 401 without a token it issued. Records every request.
import { createHash, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeDataTrailsRequest {
  method: string
  path: string
  authorization: string | undefined
  contentType: string | undefined
}

export interface FakeAsset {
  identity: string
  behaviours: string[]
  attributes: Record<string, unknown>
}

export interface FakeEvent {
  identity: string
  asset_identity: string
  operation: string
  behaviour: string
  event_attributes: Record<string, unknown>
}

export interface FakeBlob {
  identity: string
  bytes: Buffer
  mimeType: string
  fileName: string
}

export interface FakeDataTrails {
  url: string
  clientId: string
  clientSecret: string
  requests: FakeDataTrailsRequest[]
  assets: FakeAsset[]
  events: FakeEvent[]
  blobs: FakeBlob[]
  /** Tokens issued so far. */
  tokensIssued(): number
  /** expires_in of the tokens it issues (seconds; default 3600). */
  setTokenLife(seconds: number): void
  close(): Promise<void>
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

export async function startFakeDataTrails(
  clientId = 'dt-client-0001',
  clientSecret = 'dt-secret-of-the-application-0123456789',
): Promise<FakeDataTrails> {
  const requests: FakeDataTrailsRequest[] = []
  const assets: FakeAsset[] = []
  const events: FakeEvent[] = []
  const blobs: FakeBlob[] = []
  const tokens = new Set<string>()
  let tokenLife = 3600
  const server = createServer(async (req, res) => {
    const raw = await readBody(req)
    const url = new URL(req.url ?? '/', 'http://fake')
    requests.push({
      method: req.method ?? '',
      path: url.pathname + url.search,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
    })
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(json))
    }
    if (req.method === 'POST' && url.pathname === '/archivist/iam/v1/appidp/token') {
      const form = new URLSearchParams(raw.toString('utf8'))
      if (
        form.get('grant_type') !== 'client_credentials' ||
        form.get('client_id') !== clientId ||
        form.get('client_secret') !== clientSecret
      )
        return send(401, { error: 'invalid_client', error_description: 'Client authentication failed' })
      const token = `dt-token-${randomUUID()}`
      tokens.add(token)
      return send(200, { access_token: token, token_type: 'Bearer', expires_in: tokenLife })
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, '')
    if (!bearer || !tokens.has(bearer)) return send(401, { code: 16, message: 'Unauthenticated' })
    const json = () => {
      try {
        return JSON.parse(raw.toString('utf8')) as Record<string, unknown>
      } catch {
        return null
      }
    }
    if (url.pathname === '/archivist/v2/assets' && req.method === 'GET') {
      const filters = [...url.searchParams].filter(([k]) => k.startsWith('attributes.'))
      const found = assets.filter((a) => filters.every(([k, v]) => a.attributes[k.slice(11)] === v))
      const size = Number(url.searchParams.get('page_size') ?? 50)
      return send(200, { assets: found.slice(0, size), next_page_token: '' })
    }
    if (url.pathname === '/archivist/v2/assets' && req.method === 'POST') {
      const body = json()
      if (!body || typeof body.attributes !== 'object' || !Array.isArray(body.behaviours))
        return send(400, { code: 3, message: 'attributes and behaviours are required' })
      const asset = {
        identity: `assets/${randomUUID()}`,
        behaviours: body.behaviours as string[],
        attributes: body.attributes as Record<string, unknown>,
      }
      assets.push(asset)
      return send(200, { ...asset, confirmation_status: 'PENDING', tracked: 'TRACKED' })
    }
    const eventPath = /^\/archivist\/v2\/(assets\/[\w-]+)\/events$/.exec(url.pathname)
    if (eventPath && req.method === 'POST') {
      const asset = assets.find((a) => a.identity === eventPath[1])
      if (!asset) return send(404, { code: 5, message: 'asset not found' })
      const body = json()
      if (
        !body ||
        typeof body.operation !== 'string' ||
        typeof body.behaviour !== 'string' ||
        typeof body.event_attributes !== 'object'
      )
        return send(400, { code: 3, message: 'operation, behaviour and event_attributes are required' })
      const event = {
        identity: `${asset.identity}/events/${randomUUID()}`,
        asset_identity: asset.identity,
        operation: body.operation,
        behaviour: body.behaviour,
        event_attributes: body.event_attributes as Record<string, unknown>,
      }
      events.push(event)
      return send(200, { ...event, confirmation_status: 'PENDING' })
    }
    if (url.pathname === '/archivist/v1/blobs' && req.method === 'POST') {
      let file: File | null = null
      try {
        const form = await new Request('http://fake/', {
          method: 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? '' },
          body: new Uint8Array(raw),
        }).formData()
        const value = form.get('file')
        file = value instanceof File ? value : null
      } catch {
        file = null
      }
      if (!file) return send(400, { code: 3, message: "multipart field 'file' is required" })
      const bytes = Buffer.from(await file.arrayBuffer())
      const blob = { identity: `blobs/${randomUUID()}`, bytes, mimeType: file.type, fileName: file.name }
      blobs.push(blob)
      return send(200, {
        identity: blob.identity,
        hash: { alg: 'SHA256', value: createHash('sha256').update(bytes).digest('hex') },
        mime_type: file.type,
        size: bytes.length,
        timestamp_accepted: new Date().toISOString(),
      })
    }
    const blobPath = /^\/archivist\/v1\/(blobs\/[\w-]+)$/.exec(url.pathname)
    if (blobPath && req.method === 'GET') {
      const blob = blobs.find((b) => b.identity === blobPath[1])
      if (!blob) return send(404, { code: 5, message: 'blob not found' })
      res.writeHead(200, { 'content-type': blob.mimeType })
      return res.end(blob.bytes)
    }
    send(404, { code: 5, message: 'Not Found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    requests,
    assets,
    events,
    blobs,
    tokensIssued: () => tokens.size,
    setTokenLife: (seconds) => {
      tokenLife = seconds
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
