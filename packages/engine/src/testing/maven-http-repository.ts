// A local HTTP Maven repository for tests (tests never download; README §tests): serves a folder
// laid out as a Maven repository on 127.0.0.1, and the RegistryFetch the MavenRepository takes.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { join, normalize } from 'node:path'
import type { RegistryFetch } from '../datasources/types'
import { registryFetchOf } from './registry-fetch'

export interface ServedMavenRepository {
  url: string
  fetch: RegistryFetch
  /** Paths requested so far, in order. */
  requested: string[]
  close(): Promise<void>
}

export async function serveMavenRepository(root: string): Promise<ServedMavenRepository> {
  const requested: string[] = []
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://repo').pathname))
    requested.push(path)
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
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const registryFetch = registryFetchOf(async (url) => {
    const res = await fetch(url)
    return { status: res.status, body: await res.text() }
  })
  return {
    url: `http://127.0.0.1:${port}`,
    fetch: registryFetch,
    requested,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
