// A local Maven repository for server tests (issue 18 acceptance 3): a folder laid out as a repository,
// served on 127.0.0.1, optionally only to one Authorization header (401 otherwise, like Nexus), recording
// each request's path, Authorization and remote port.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, normalize } from 'node:path'

export interface TestMavenRepository {
  /** `http://127.0.0.1:<port>/` */
  url: string
  port: number
  requests: { path: string; authorization: string | undefined; remotePort: number | undefined }[]
  close(): Promise<void>
}

export async function startTestMavenRepository(
  root: string,
  options: { authorization?: string } = {},
): Promise<TestMavenRepository> {
  const requests: TestMavenRepository['requests'] = []
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://repo').pathname))
    requests.push({ path, authorization: req.headers.authorization, remotePort: req.socket.remotePort })
    if (options.authorization !== undefined && req.headers.authorization !== options.authorization) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="maven"' }).end()
      return
    }
    if (req.method !== 'GET' || path.includes('..')) {
      res.writeHead(404).end()
      return
    }
    readFile(join(root, path)).then(
      (body) => res.writeHead(200, { 'content-type': 'application/xml' }).end(body),
      () => res.writeHead(404).end(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    requests,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
