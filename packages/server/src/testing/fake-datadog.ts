// A local Datadog API for tests (issue 17 "Metrics integration"), answering as Datadog's public API does:
// GET /api/v1/validate (200 {"valid":true}, 403 {"errors":["Forbidden"]} for another key), POST
// /api/v2/series (202 {"errors":[]}; 403 for another key; 400 with Datadog's reasons when the payload is
// not a v2 series body: each series needs metric, type 0-3, points of {timestamp, value} and string
// tags; a point older than an hour or more than ten minutes ahead is refused as Datadog does). Records
// every request with its DD-API-KEY header and body, and keeps the accepted series.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeDatadogRequest {
  method: string
  path: string
  apiKey: string | undefined
  contentType: string | undefined
  body: unknown
}

export interface AcceptedSeries {
  metric: string
  type: number
  points: { timestamp: number; value: number }[]
  tags: string[]
}

export interface FakeDatadog {
  url: string
  apiKey: string
  requests: FakeDatadogRequest[]
  series: AcceptedSeries[]
  close(): Promise<void>
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** Datadog's reasons for a v2 series body it cannot take; empty when it takes it. */
function seriesErrors(body: unknown, nowSeconds: number): string[] {
  const series = (body as { series?: unknown } | null)?.series
  if (!Array.isArray(series)) return ['Invalid request body: series is required']
  const errors: string[] = []
  series.forEach((s: Record<string, unknown>, i) => {
    if (typeof s?.metric !== 'string' || !s.metric) errors.push(`series[${i}]: metric is required`)
    if (typeof s?.type !== 'number' || ![0, 1, 2, 3].includes(s.type))
      errors.push(`series[${i}]: type must be 0-3`)
    if (!Array.isArray(s?.points) || s.points.length === 0) errors.push(`series[${i}]: points is required`)
    else
      for (const p of s.points as Record<string, unknown>[]) {
        if (typeof p?.timestamp !== 'number' || typeof p?.value !== 'number')
          errors.push(`series[${i}]: points need a numeric timestamp and value`)
        else if (p.timestamp < nowSeconds - 3600 || p.timestamp > nowSeconds + 600)
          errors.push(`series[${i}]: point timestamp ${p.timestamp} is out of the accepted range`)
      }
    if (s?.tags !== undefined && (!Array.isArray(s.tags) || s.tags.some((t) => typeof t !== 'string')))
      errors.push(`series[${i}]: tags must be strings`)
  })
  return errors
}

export async function startFakeDatadog(apiKey = 'dd-fake-api-key-0123456789abcdef'): Promise<FakeDatadog> {
  const requests: FakeDatadogRequest[] = []
  const accepted: AcceptedSeries[] = []
  const server = createServer(async (req, res) => {
    const text = await readBody(req)
    let body: unknown = null
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      body = text
    }
    const key = req.headers['dd-api-key'] as string | undefined
    const path = req.url ?? '/'
    requests.push({
      method: req.method ?? '',
      path,
      apiKey: key,
      contentType: req.headers['content-type'],
      body,
    })
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(json))
    }
    if (req.method === 'GET' && path === '/api/v1/validate')
      return key === apiKey ? send(200, { valid: true }) : send(403, { errors: ['Forbidden'] })
    if (req.method === 'POST' && path === '/api/v2/series') {
      if (key !== apiKey) return send(403, { errors: ['Forbidden'] })
      if (typeof body === 'string') return send(400, { errors: ['Invalid JSON'] })
      const errors = seriesErrors(body, Math.floor(Date.now() / 1000))
      if (errors.length) return send(400, { errors })
      accepted.push(...((body as { series: AcceptedSeries[] }).series ?? []))
      return send(202, { errors: [] })
    }
    send(404, { errors: ['Not found'] })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    series: accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
