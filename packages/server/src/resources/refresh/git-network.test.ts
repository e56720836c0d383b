// git's network goes through the outbound client (issue 13 item 16, issue 18 acceptance 3 and 4): a 302
// to another port on loopback is not followed, a name answering public then loopback never reaches
// loopback, IPv4-in-IPv6 literals are refused, HTTP_PROXY carries the clone unless NO_PROXY matches, and
// git:// goes through the same proxy. Local git servers only (git http-backend, git daemon).
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { type AddressInfo, connect, createServer as createTcpServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createOutboundClient,
  DEFAULT_OUTBOUND,
  type OutboundSettings,
  type Resolve,
  startLocalProxy,
} from '../../http-client'
import { type GitHttpServer, startGitHttpServer } from '../../testing/git-http-server'
import { committedRepository } from '../../testing/git-repo'
import { startTestProxy } from '../../testing/http-proxy'
import { checkoutBranch, GitError } from './git-checkout'
import { checkRepositoryUrl } from './repository-url'

const PUBLIC = '93.184.216.34'

/** Answers public to the first look-up of each name, loopback afterwards. */
function rebinding(): Resolve {
  const seen = new Set<string>()
  return async (hostname) => {
    const first = !seen.has(hostname)
    seen.add(hostname)
    return [{ address: first ? PUBLIC : '127.0.0.1', family: 4 }]
  }
}

const toLoopback: Resolve = async () => [{ address: '127.0.0.1', family: 4 }]

async function freePort(): Promise<number> {
  const probe = createTcpServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

describe('git through the outbound client', () => {
  let root: string
  let server: GitHttpServer
  let redirector: Server
  let redirectorPort: number
  let daemon: ChildProcess
  let daemonPort: number

  beforeAll(async () => {
    root = committedRepository({ 'package.json': '{"name":"cloned","version":"1.0.0"}\n' }).root
    server = await startGitHttpServer(root)
    // Every request answers 302 to the same path on the git server: another port on loopback.
    redirector = createServer((req, res) => res.writeHead(302, { location: `${server.url}${req.url}` }).end())
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve))
    redirectorPort = (redirector.address() as AddressInfo).port
    daemonPort = await freePort()
    daemon = spawn(
      'git',
      [
        'daemon',
        '--export-all',
        `--base-path=${root}`,
        '--listen=127.0.0.1',
        `--port=${daemonPort}`,
        '--reuseaddr',
        root,
      ],
      { stdio: 'ignore' },
    )
    for (let i = 0; i < 50; i++) {
      const up = await new Promise<boolean>((resolve) => {
        const s = createTcpServer().once('error', () => resolve(true))
        s.listen(daemonPort, '127.0.0.1', () => s.close(() => resolve(false)))
      })
      if (up) break
      await new Promise((r) => setTimeout(r, 100))
    }
  })
  afterAll(async () => {
    daemon?.kill()
    redirector?.close()
    await server?.close()
  })

  const clone = (url: string, settings: OutboundSettings, resolve?: Resolve, allowPrivate = true) =>
    checkoutBranch(url, 'main', {
      timeoutMs: 30_000,
      allowLocal: false,
      allowPrivate,
      maxFileBytes: 1024 * 1024,
      outbound: createOutboundClient(settings, resolve ? { resolve } : {}),
      extraCaCerts: null,
    })

  it('clones over http through its local proxy', async () => {
    const checkout = await clone(`${server.url}/repo.git`, DEFAULT_OUTBOUND)
    expect(checkout.files.map((f) => f.path)).toEqual(['package.json'])
  })

  it('does not follow a 302 to another port on loopback', async () => {
    const before = server.requests.length
    const failed = await clone(`http://127.0.0.1:${redirectorPort}/repo.git`, DEFAULT_OUTBOUND).catch(
      (e: unknown) => e,
    )
    expect(failed).toBeInstanceOf(GitError)
    // git itself refuses the redirect (http.followRedirects=false); the local proxy would refuse the port too.
    expect((failed as Error).message).toContain('returned error: 302')
    expect(server.requests.length).toBe(before)
  })

  it('its local proxy opens nothing but the repository host and port', async () => {
    const proxy = await startLocalProxy(createOutboundClient(DEFAULT_OUTBOUND), {
      target: { hostname: '127.0.0.1', port: redirectorPort, transport: 'http:' },
      reach: 'any',
      maxBytes: 1024,
      timeoutMs: 2000,
    })
    const { port, username, password } = new URL(proxy.url)
    const auth = Buffer.from(`${username}:${password}`).toString('base64')
    const ask = (target: string, login: string | null) =>
      new Promise<string>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () =>
          socket.write(
            `CONNECT ${target} HTTP/1.1\r\n${login ? `Proxy-Authorization: Basic ${login}\r\n` : ''}\r\n`,
          ),
        )
        socket.once('data', (chunk) => {
          resolve(chunk.toString('latin1').split('\r\n')[0]!)
          socket.destroy()
        })
      })
    expect(await ask(`127.0.0.1:${server.port}`, auth)).toBe('HTTP/1.1 403 Forbidden')
    expect(await ask(`127.0.0.1:${redirectorPort}`, null)).toBe('HTTP/1.1 407 Proxy Authentication Required')
    expect(await ask(`127.0.0.1:${redirectorPort}`, auth)).toBe('HTTP/1.1 200 Connection Established')
    expect(proxy.problems).toEqual([
      `refused: only 127.0.0.1:${redirectorPort} may be reached, not 127.0.0.1:${server.port}`,
    ])
    await proxy.close()
  })

  it('a name answering public, then loopback, never reaches loopback (DNS rebinding)', async () => {
    const resolve = rebinding()
    const outbound = createOutboundClient(DEFAULT_OUTBOUND, { resolve })
    const url = `http://git.rebind.test:${server.port}/repo.git`
    // The check when the URL is given sees the public answer...
    const guard = await checkRepositoryUrl(url, {
      allowPrivate: false,
      allowLocal: false,
      checkHost: (host) => outbound.checkHost(host),
    })
    expect(guard.ok).toBe(true)
    // ...the clone's connection gets loopback, and is refused.
    const before = server.requests.length
    const failed = await checkoutBranch(url, 'main', {
      timeoutMs: 30_000,
      allowLocal: false,
      allowPrivate: false,
      maxFileBytes: 1024,
      outbound,
      extraCaCerts: null,
    }).catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(GitError)
    expect((failed as Error).message).toContain('git.rebind.test resolves to 127.0.0.1')
    expect((failed as Error).message).toContain('SEXTANT_ALLOW_PRIVATE_REPOSITORIES=true')
    expect(server.requests.length).toBe(before)
  })

  it.each(['[::7f00:1]', '[64:ff9b::7f00:1]', '[::ffff:7f00:1]', '[2002:7f00:1::]'])(
    'refuses the IPv6 form %s of loopback, when given and when dialled',
    async (host) => {
      const url = `http://${host}:${server.port}/repo.git`
      expect(await checkRepositoryUrl(url, { allowPrivate: false, allowLocal: false })).toMatchObject({
        ok: false,
      })
      const failed = await clone(url, DEFAULT_OUTBOUND, undefined, false).catch((e: unknown) => e)
      expect((failed as Error).message).toMatch(/non-public address/)
    },
  )

  it('clones through HTTP_PROXY, and directly for a NO_PROXY match', async () => {
    const proxy = await startTestProxy({ route: (_host, port) => ({ host: '127.0.0.1', port }) })
    const url = `http://git.corp.test:${server.port}/repo.git`
    const proxied = {
      ...DEFAULT_OUTBOUND,
      proxy: { httpProxy: proxy.url, httpsProxy: proxy.url, noProxy: '' },
    }
    const through = await clone(url, proxied, toLoopback)
    expect(through.files.map((f) => f.path)).toEqual(['package.json'])
    expect(proxy.connects.length).toBeGreaterThan(0)
    expect(new Set(proxy.connects)).toEqual(new Set([`git.corp.test:${server.port}`]))
    proxy.connects.length = 0
    const direct = await clone(
      url,
      { ...proxied, proxy: { ...proxied.proxy, noProxy: 'corp.test' } },
      toLoopback,
    )
    expect(direct.files.map((f) => f.path)).toEqual(['package.json'])
    expect(proxy.connects).toEqual([])
    await proxy.close()
  })

  it('clones git:// through the same proxy, and refuses it after a rebinding', async () => {
    const checkout = await clone(`git://127.0.0.1:${daemonPort}/repo.git`, DEFAULT_OUTBOUND)
    expect(checkout.files.map((f) => f.path)).toEqual(['package.json'])
    const resolve = rebinding()
    await resolve('daemon.rebind.test')
    const failed = await clone(
      `git://daemon.rebind.test:${daemonPort}/repo.git`,
      DEFAULT_OUTBOUND,
      resolve,
      false,
    ).catch((e: unknown) => e)
    expect((failed as Error).message).toContain('daemon.rebind.test resolves to 127.0.0.1')
  })
})
