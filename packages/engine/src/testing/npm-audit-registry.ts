// A local npm registry just big enough for `npm audit` (issue 9 "Oracle: npm's own audit"): the bulk
// advisory endpoint (POST /-/npm/v1/security/advisories/bulk, gzip JSON {name: [versions]}) and
// minimal packuments (GET /<name>, '/@scope%2fname'). Tests only; the data arrives as functions.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'

/** One advisory as npm's bulk endpoint answers it. */
export interface BulkAdvisory {
  id: string
  url: string
  title: string
  severity: 'info' | 'low' | 'moderate' | 'high' | 'critical'
  vulnerable_versions: string
  cwe: string[]
  cvss: { score: number; vectorString: string | null }
}

export interface PackumentVersion {
  version: string
  dependencies: Record<string, string>
}

export interface NpmAuditRegistryData {
  /** Advisories for one package name; an empty list leaves the name out of the answer. */
  advisoriesFor(name: string): BulkAdvisory[]
  /** Versions for the name's packument, ascending; `null` answers 404. Leave non-semver versions out. */
  versionsOf(name: string): PackumentVersion[] | null
}

export interface NpmAuditRegistry {
  /** 'http://127.0.0.1:PORT/' */
  url: string
  /** Every package name npm sent to the bulk endpoint and every packument it asked for. */
  bulkNames: Set<string>
  packumentNames: Set<string>
  close(): Promise<void>
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const raw = Buffer.concat(chunks)
  return req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw
}

export async function startNpmAuditRegistry(data: NpmAuditRegistryData): Promise<NpmAuditRegistry> {
  const bulkNames = new Set<string>()
  const packumentNames = new Set<string>()
  let url = ''
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    if (req.method === 'POST' && path === '/-/npm/v1/security/advisories/bulk') {
      readBody(req)
        .then((body) => {
          const asked = JSON.parse(body.toString('utf8')) as Record<string, string[]>
          const answer: Record<string, BulkAdvisory[]> = {}
          for (const name of Object.keys(asked)) {
            bulkNames.add(name)
            const advisories = data.advisoriesFor(name)
            if (advisories.length > 0) answer[name] = advisories
          }
          send(res, 200, answer)
        })
        .catch((error: unknown) => send(res, 400, { error: String(error) }))
      return
    }
    if (req.method !== 'GET' || path.startsWith('/-/')) {
      send(res, 404, { error: 'Not found' })
      return
    }
    const name = decodeURIComponent(path.slice(1))
    packumentNames.add(name)
    const versions = data.versionsOf(name)
    if (versions === null || versions.length === 0) {
      send(res, 404, { error: 'Not found' })
      return
    }
    const tarball = (v: string) => `${url}${name}/-/${name.split('/').pop()}-${v}.tgz`
    send(res, 200, {
      name,
      versions: Object.fromEntries(
        versions.map((v) => [
          v.version,
          { name, version: v.version, dependencies: v.dependencies, dist: { tarball: tarball(v.version) } },
        ]),
      ),
      'dist-tags': {
        latest: (versions.findLast((v) => !v.version.includes('-')) ?? versions.at(-1)!).version,
      },
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  return {
    url,
    bulkNames,
    packumentNames,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  }
}
