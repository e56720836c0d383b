// The outbound client against local servers (issue 18 item 3, acceptance 3 and 4): the address is
// checked at connect time (a resolver answering public then loopback cannot reach loopback), proxies and
// NO_PROXY, bodies cut at their limit, retries, time-outs, credentials kept to their prefix, extra CAs.
import { readFileSync } from 'node:fs'
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestProxy, type TestProxy } from '../testing/http-proxy'
import { createOutboundClient, DEFAULT_OUTBOUND, type OutboundClient, type OutboundSettings } from '.'
import { checkPublicHost, type Resolve } from './lookup'

const PUBLIC = '93.184.216.34'

interface Served {
  port: number
  hits: { url: string; headers: IncomingMessage['headers'] }[]
  close(): Promise<void>
}

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Served> {
  const hits: Served['hits'] = []
  const server = createHttpServer((req, res) => {
    hits.push({ url: req.url ?? '', headers: req.headers })
    handler(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/** Every name → loopback, except the listed ones. */
const resolver =
  (names: Record<string, string> = {}): Resolve =>
  async (hostname) => [{ address: names[hostname] ?? '127.0.0.1', family: 4 }]

const settings = (patch: Partial<OutboundSettings> = {}): OutboundSettings => ({
  ...DEFAULT_OUTBOUND,
  ...patch,
})

describe('outbound client', () => {
  let site: Served
  const clients: OutboundClient[] = []
  const client = (...args: Parameters<typeof createOutboundClient>) => {
    const c = createOutboundClient(...args)
    clients.push(c)
    return c
  }

  beforeAll(async () => {
    site = await serve((req, res) => {
      if (req.url === '/big') res.end(Buffer.alloc(2 * 1024 * 1024, 'a'))
      else if (req.url === '/chunked') {
        res.writeHead(200)
        for (let i = 0; i < 32; i++) res.write(Buffer.alloc(64 * 1024, 'b'))
        res.end()
      } else if (req.url === '/bomb')
        res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(8 * 1024 * 1024)))
      else if (req.url === '/gzip')
        res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('unzipped'))
      else if (req.url === '/slow') setTimeout(() => res.end('late'), 1000)
      else if (req.url?.startsWith('/moved')) res.writeHead(302, { location: '/hello' }).end()
      else res.end('hello')
    })
  })
  afterAll(async () => site.close())
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.close()
  })

  it('a resolver answering public then loopback cannot make a request reach loopback (DNS rebinding)', async () => {
    let calls = 0
    const rebinding: Resolve = async () => [{ address: calls++ === 0 ? PUBLIC : '127.0.0.1', family: 4 }]
    // The check a route does when the URL is given passes: the first answer is public.
    expect(await checkPublicHost('rebind.test', rebinding)).toMatchObject({ ok: true })
    const answer = await client(settings(), { resolve: rebinding }).request({
      url: `http://rebind.test:${site.port}/`,
      reach: 'public',
      allowedBy: 'SEXTANT_ALLOW_PRIVATE_INTEGRATIONS=true',
      maxBytes: 1024,
      timeoutMs: 2000,
    })
    expect(answer).toMatchObject({ ok: false, kind: 'refused' })
    expect(answer.ok ? '' : answer.message).toContain('127.0.0.1')
    expect(answer.ok ? '' : answer.message).toContain('SEXTANT_ALLOW_PRIVATE_INTEGRATIONS=true')
    expect(site.hits).toEqual([])
  })

  it('the same server is reached when the operator allows private addresses', async () => {
    const answer = await client(settings(), { resolve: resolver() }).request({
      url: `http://allowed.test:${site.port}/`,
      reach: 'any',
      maxBytes: 1024,
      timeoutMs: 2000,
    })
    expect(answer).toMatchObject({ ok: true, status: 200 })
    expect(answer.ok && answer.body.toString()).toBe('hello')
  })

  it.each(['[::7f00:1]', '[64:ff9b::7f00:1]', '[::ffff:7f00:1]', '[2002:7f00:1::1]', '127.0.0.1', '0.0.0.0'])(
    'refuses the address literal %s without a lookup',
    async (host) => {
      const answer = await client(settings()).request({
        url: `http://${host}:${site.port}/`,
        reach: 'public',
        maxBytes: 1024,
        timeoutMs: 2000,
      })
      expect(answer).toMatchObject({ ok: false, kind: 'refused' })
    },
  )

  it('refuses a name any of whose addresses is not public', async () => {
    const mixed: Resolve = async () => [
      { address: PUBLIC, family: 4 },
      { address: '::ffff:7f00:1', family: 6 },
    ]
    const answer = await client(settings(), { resolve: mixed }).request({
      url: 'http://mixed.test/',
      reach: 'public',
      maxBytes: 1024,
      timeoutMs: 2000,
    })
    expect(answer).toMatchObject({ ok: false, kind: 'refused' })
  })

  it('cuts a body at its limit, declared, chunked or compressed, naming the limit', async () => {
    const c = client(settings())
    for (const path of ['/big', '/chunked', '/bomb']) {
      const answer = await c.request({
        url: `http://127.0.0.1:${site.port}${path}`,
        reach: 'any',
        maxBytes: 1024 * 1024,
        timeoutMs: 5000,
      })
      expect(answer, path).toMatchObject({
        ok: false,
        kind: 'too-large',
        message: 'the answer is larger than the limit of 1048576 bytes',
      })
    }
    const zipped = await c.request({
      url: `http://127.0.0.1:${site.port}/gzip`,
      reach: 'any',
      maxBytes: 100,
      timeoutMs: 2000,
    })
    expect(zipped.ok && zipped.body.toString()).toBe('unzipped')
  })

  it('gives up on a server that does not answer in time', async () => {
    const answer = await client(settings()).request({
      url: `http://127.0.0.1:${site.port}/slow`,
      reach: 'any',
      maxBytes: 1024,
      timeoutMs: 200,
    })
    expect(answer).toMatchObject({ ok: false, kind: 'timeout', message: 'no answer within 200 ms' })
  })

  it('answers a redirect as it is unless asked to follow it', async () => {
    const c = client(settings())
    const request = {
      url: `http://127.0.0.1:${site.port}/moved`,
      reach: 'any' as const,
      maxBytes: 1024,
      timeoutMs: 2000,
    }
    expect(await c.request(request)).toMatchObject({ ok: true, status: 302 })
    const followed = await c.request({ ...request, redirects: 1 })
    expect(followed).toMatchObject({ ok: true, status: 200, url: `http://127.0.0.1:${site.port}/hello` })
  })

  it('retries 5xx with back-off, then answers', async () => {
    let left = 2
    const flaky = await serve((_req, res) => {
      if (left-- > 0) res.writeHead(503).end()
      else res.end('ok')
    })
    const waits: number[] = []
    const c = client(settings(), {
      sleep: async (ms) => {
        waits.push(ms)
      },
    })
    const answer = await c.request({
      url: `http://127.0.0.1:${flaky.port}/`,
      reach: 'any',
      maxBytes: 1024,
      timeoutMs: 2000,
      retries: 3,
      backoffMs: 100,
    })
    expect(answer).toMatchObject({ ok: true, status: 200, attempts: 3 })
    expect(waits).toHaveLength(2)
    expect(waits[1]!).toBeGreaterThanOrEqual(200)
    await flaky.close()
  })

  it('attaches a credential only under its prefix, never after a redirect to another host', async () => {
    const other = await serve((_req, res) => res.end('other'))
    const registry = await serve((req, res) => {
      if (req.url === '/npm/away') res.writeHead(302, { location: `http://127.0.0.1:${other.port}/x` }).end()
      else res.end('ok')
    })
    const c = client(
      settings({
        credentials: [
          {
            prefix: `//127.0.0.1:${registry.port}/npm/`,
            headers: { authorization: 'Bearer s3cret' },
            source: 'test',
          },
        ],
      }),
    )
    const get = (path: string, headers?: Record<string, string>) =>
      c.request({
        url: `http://127.0.0.1:${registry.port}${path}`,
        reach: 'any',
        maxBytes: 1024,
        timeoutMs: 2000,
        redirects: 2,
        ...(headers ? { headers } : {}),
      })
    await get('/npm/left-pad')
    await get('/other')
    await get('/npm/away', { authorization: 'Basic caller' })
    expect(registry.hits.map((h) => [h.url, h.headers.authorization])).toEqual([
      ['/npm/left-pad', 'Bearer s3cret'],
      ['/other', undefined],
      ['/npm/away', 'Basic caller'],
    ])
    expect(other.hits.map((h) => [h.url, h.headers.authorization])).toEqual([['/x', undefined]])
    await Promise.all([other.close(), registry.close()])
  })

  it('refuses credentials written into a request URL', async () => {
    const answer = await client(settings()).request({
      url: `http://user:pw@127.0.0.1:${site.port}/`,
      reach: 'any',
      maxBytes: 1024,
      timeoutMs: 2000,
    })
    expect(answer).toMatchObject({ ok: false, kind: 'invalid' })
    expect(JSON.stringify(answer)).not.toContain('pw')
  })

  describe('through a proxy', () => {
    let proxy: TestProxy
    beforeAll(async () => {
      proxy = await startTestProxy({
        auth: { user: 'proxy-user', password: 'proxy-pass' },
        // The proxy does not know the test's names: every tunnel goes to the local site.
        route: (_host, port) => ({ host: '127.0.0.1', port }),
      })
    })
    afterAll(async () => proxy.close())
    afterEach(() => {
      proxy.connects.length = 0
    })
    const proxied = (noProxy = '') =>
      settings({ proxy: { httpProxy: proxy.url, httpsProxy: proxy.url, noProxy } })

    it('sends every request through HTTP_PROXY with its credentials, none directly', async () => {
      const answer = await client(proxied(), { resolve: resolver() }).request({
        url: `http://registry.test:${site.port}/`,
        reach: 'any',
        maxBytes: 1024,
        timeoutMs: 2000,
      })
      expect(answer).toMatchObject({ ok: true, status: 200 })
      // The proxy was asked for the name (the operator chose this destination) and got the proxy login.
      expect(proxy.connects).toEqual([`registry.test:${site.port}`])
      expect(proxy.authorizations.at(-1)).toBe(
        `Basic ${Buffer.from('proxy-user:proxy-pass').toString('base64')}`,
      )
    })

    it('goes direct for a NO_PROXY match', async () => {
      for (const noProxy of ['registry.test', '.test', `registry.test:${site.port}`, '*', '127.0.0.0/8']) {
        const host = noProxy === '127.0.0.0/8' ? '127.0.0.1' : 'registry.test'
        const answer = await client(proxied(noProxy), { resolve: resolver() }).request({
          url: `http://${host}:${site.port}/`,
          reach: 'any',
          maxBytes: 1024,
          timeoutMs: 2000,
        })
        expect(answer, noProxy).toMatchObject({ ok: true, status: 200 })
      }
      expect(proxy.connects).toEqual([])
    })

    it('asks the proxy for the checked address of a public-only destination, never the name', async () => {
      const refusing = await startTestProxy({ refuseWith: 502 })
      let calls = 0
      const rebinding: Resolve = async () => [{ address: calls++ === 0 ? PUBLIC : '127.0.0.1', family: 4 }]
      const answer = await client(
        settings({ proxy: { httpProxy: refusing.url, httpsProxy: null, noProxy: '' } }),
        {
          resolve: rebinding,
        },
      ).request({ url: 'http://rebind.test/', reach: 'public', maxBytes: 1024, timeoutMs: 2000 })
      expect(refusing.connects).toEqual([`${PUBLIC}:80`])
      expect(answer).toMatchObject({ ok: false, kind: 'unreachable' })
      expect(answer.ok ? '' : answer.message).toContain('answered HTTP 502 to CONNECT')
      await refusing.close()
    })

    it('says which proxy failed, without its password', async () => {
      const answer = await client(
        settings({ proxy: { httpProxy: 'http://u:hidden@127.0.0.1:1', httpsProxy: null, noProxy: '' } }),
      ).request({ url: `http://127.0.0.1:${site.port}/`, reach: 'any', maxBytes: 1024, timeoutMs: 2000 })
      expect(answer).toMatchObject({ ok: false, kind: 'unreachable' })
      expect(answer.ok ? '' : answer.message).toContain('http://127.0.0.1:1/')
      expect(JSON.stringify(answer)).not.toContain('hidden')
    })
  })

  describe('https with NODE_EXTRA_CA_CERTS', () => {
    const pem = readFileSync(new URL('./fixtures/test-server.pem', import.meta.url), 'utf8')
    const key = readFileSync(new URL('./fixtures/test-server.key', import.meta.url), 'utf8')
    let port: number
    let close: () => Promise<void>
    beforeAll(async () => {
      const server = createHttpsServer({ cert: pem, key }, (_req, res) => res.end('secure'))
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      port = (server.address() as AddressInfo).port
      close = () => {
        server.closeAllConnections()
        return new Promise((resolve) => server.close(() => resolve()))
      }
    })
    afterAll(async () => close())

    it('trusts the extra certificate, directly and through a proxy; not without it', async () => {
      const request = {
        url: `https://secure.test:${port}/`,
        reach: 'any' as const,
        maxBytes: 1024,
        timeoutMs: 3000,
      }
      const without = await client(settings(), { resolve: resolver() }).request(request)
      expect(without).toMatchObject({ ok: false, kind: 'unreachable' })
      const direct = await client(settings({ extraCaCerts: pem }), { resolve: resolver() }).request(request)
      expect(direct.ok && direct.body.toString()).toBe('secure')
      const proxy = await startTestProxy({ route: (_host, p) => ({ host: '127.0.0.1', port: p }) })
      const viaProxy = await client(
        settings({ extraCaCerts: pem, proxy: { httpProxy: null, httpsProxy: proxy.url, noProxy: '' } }),
      ).request(request)
      expect(viaProxy.ok && viaProxy.body.toString()).toBe('secure')
      expect(proxy.connects).toEqual([`secure.test:${port}`])
      await proxy.close()
    })
  })
})
