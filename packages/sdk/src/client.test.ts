// The SDK against a real local HTTP server: URL building, auth headers, response parsing, the JSON
// error shape and the spec's SDK messages (accounts-and-api §7-§9).
import type { Project } from '@sextant/contract'
import { afterEach, describe, expect, it } from 'vitest'
import { createSextantClient, SDK_USER_AGENT } from './client'
import { SdkError, sdkMessages } from './errors'
import { type Recorded, type Reply, startTestServer, type TestServer } from './test-server'

const project: Project = {
  uuid: 'p-1',
  name: 'demo',
  title: 'Demo',
  url: null,
  accountUuid: 'a-1',
  isPublic: true,
  readonly: false,
  branches: ['main'],
  thresholds: { security: 70, stability: 60, licensing: 80 },
  analyses: [],
  createdAt: '2026-01-01T00:00:00.000Z',
}

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function serve(handler: (request: Recorded) => Reply): Promise<TestServer> {
  server = await startTestServer(handler)
  return server
}

async function rejection(promise: Promise<unknown>): Promise<SdkError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof SdkError) return error
    throw error
  }
  throw new Error('expected a rejection')
}

describe('file', () => {
  it('answers a download with its name, type and bytes, and refuses an era instead of a file', async () => {
    const { baseUrl, requests } = await serve((r) =>
      r.url.includes('pdf')
        ? { status: 202, body: { id: 'era-1' } }
        : {
            status: 200,
            raw: 'ID,CWE\r\n',
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': 'attachment; filename="demo_main.vulnerabilities.csv"',
            },
          },
    )
    const client = createSextantClient({ baseUrl })
    const file = await client.file('downloadGenerate', {
      params: { format: 'vulnerabilities_csv', projectId: 'p-1' },
      query: { branch: 'main', severities: 'HIGH,LOW', issuesOnly: 'true' },
    })
    expect(file.name).toBe('demo_main.vulnerabilities.csv')
    expect(file.type).toMatch(/^text\/csv/)
    expect(await file.blob.text()).toBe('ID,CWE\r\n')
    expect(requests[0]?.url).toBe(
      '/api/v1/reports/vulnerabilities_csv/p-1?branch=main&severities=HIGH%2CLOW&issuesOnly=true',
    )
    const era = await rejection(
      client.file('downloadGenerate', {
        params: { format: 'pdf', projectId: 'p-1' },
        query: { branch: 'main' },
      }),
    )
    expect(era.message).toMatch(/not a file/)
  })
})

describe('call', () => {
  it('builds the path with encoded params, drops empty query values and parses the answer', async () => {
    const { baseUrl, requests } = await serve(() => ({ status: 200, body: [] }))
    const client = createSextantClient({ baseUrl })
    const history = await client.call('reportHistory', {
      params: { projectId: 'a b/c' },
      query: { limit: 20, branch: '' },
    })
    expect(history).toEqual([])
    expect(requests[0]?.method).toBe('GET')
    expect(requests[0]?.url).toBe('/api/v1/reports/a%20b%2Fc/history?limit=20')
    expect(requests[0]?.headers['user-agent']).toBe(SDK_USER_AGENT)
    expect(requests[0]?.headers.authorization).toBeUndefined()
  })

  it('returns the parsed project', async () => {
    const { baseUrl } = await serve(() => ({ status: 200, body: project }))
    const client = createSextantClient({ baseUrl: `${baseUrl}/` })
    await expect(client.call('projectGet', { params: { projectId: 'p-1' } })).resolves.toEqual(project)
  })

  it('sends JSON bodies', async () => {
    const { baseUrl, requests } = await serve(() => ({
      status: 401,
      body: { status: 401, error: 'UNAUTHORIZED', message: 'Credentials not valid' },
    }))
    const client = createSextantClient({ baseUrl })
    const error = await rejection(client.call('login', { body: { email: 'a@b.c', password: 'pw' } }))
    expect(requests[0]?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(requests[0]?.body.toString() ?? '')).toEqual({ email: 'a@b.c', password: 'pw' })
    expect(error.toJSON()).toEqual({ status: 401, error: 'UNAUTHORIZED', message: 'Credentials not valid' })
  })

  it('throws the server JSON error body on non-2xx', async () => {
    const body = { status: 404, error: 'NOT FOUND', message: 'No report for branch main yet.' }
    const { baseUrl } = await serve(() => ({ status: 404, body }))
    const client = createSextantClient({ baseUrl })
    const error = await rejection(
      client.call('reportLatest', { params: { projectId: 'p' }, query: { branch: 'main' } }),
    )
    expect(error.status).toBe(404)
    expect(error.error).toBe('NOT FOUND')
    expect(error.message).toBe('No report for branch main yet.')
  })

  it('makes an error shape from a non-JSON failure', async () => {
    const { baseUrl } = await serve(() => ({ status: 502, raw: 'Bad gateway' }))
    const error = await rejection(
      createSextantClient({ baseUrl }).call('projectGet', { params: { projectId: 'p' } }),
    )
    expect(error.toJSON()).toEqual({ status: 502, error: 'BAD GATEWAY', message: 'Bad gateway' })
  })

  it('rejects an answer that does not match the contract', async () => {
    const { baseUrl } = await serve(() => ({ status: 200, body: { uuid: 'p' } }))
    const error = await rejection(
      createSextantClient({ baseUrl }).call('projectGet', { params: { projectId: 'p' } }),
    )
    expect(error.error).toBe('INVALID RESPONSE')
  })

  it('uses the spec messages for missing input, before any request', async () => {
    const { baseUrl, requests } = await serve(() => ({ status: 200, body: project }))
    const client = createSextantClient({ baseUrl })
    expect((await rejection(client.call('projectGet', { params: { projectId: '' } }))).message).toBe(
      sdkMessages.noProject,
    )
    expect((await rejection(client.call('accountGet', { params: { id: '' } }))).message).toBe(
      sdkMessages.noAccount,
    )
    const login = client.call('login', { body: { email: '', password: 'x' } })
    expect((await rejection(login)).message).toBe(sdkMessages.emailMissing)
    expect(requests).toHaveLength(0)
  })

  it('reports an unreachable server as a network error', async () => {
    const error = await rejection(createSextantClient({ baseUrl: 'http://127.0.0.1:9' }).call('usersMe'))
    expect(error.error).toBe('NETWORK ERROR')
    expect(error.status).toBe(0)
  })
})

describe('auth', () => {
  it('sends Bearer and Token headers, reading a function at every call', async () => {
    const { baseUrl, requests } = await serve(() => ({ status: 200, body: project }))
    let token = 'first'
    const client = createSextantClient({ baseUrl, auth: () => ({ type: 'bearer', token }), userAgent: null })
    await client.call('projectGet', { params: { projectId: 'p' } })
    token = 'second'
    await client.call('projectGet', { params: { projectId: 'p' } })
    const api = createSextantClient({ baseUrl, auth: { type: 'token', token: 'api-123' } })
    await api.call('projectGet', { params: { projectId: 'p' } })
    expect(requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer first',
      'Bearer second',
      'Token api-123',
    ])
    expect(requests[0]?.headers['user-agent']).not.toBe(SDK_USER_AGENT)
  })

  it('refuses invalid auth settings with the spec messages', () => {
    const bad = { type: 'basic', token: 'x' } as unknown as { type: 'bearer'; token: string }
    expect(() => createSextantClient({ baseUrl: 'http://x', auth: bad })).toThrow(sdkMessages.authTypeInvalid)
    expect(() => createSextantClient({ baseUrl: 'http://x', auth: { type: 'token', token: ' ' } })).toThrow(
      sdkMessages.tokenMissing,
    )
  })
})

describe('uploads', () => {
  const accepted = {
    projectUuid: 'p-9',
    branch: 'dev',
    analysisUuid: 'an-1',
    status: 'QUEUED',
    files: ['bom.json'],
  }

  it('posts an SBOM as multipart field file', async () => {
    const { baseUrl, requests } = await serve(() => ({ status: 202, body: accepted }))
    const client = createSextantClient({ baseUrl })
    const answer = await client.uploadSbom('new', new Blob(['{"bomFormat":"CycloneDX"}']), {
      branch: 'dev',
      url: '',
    })
    expect(answer.projectUuid).toBe('p-9')
    const request = requests[0]
    expect(request?.url).toBe('/api/v1/uploads/new/sbom-cdx.json?branch=dev')
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    const body = request?.body.toString() ?? ''
    expect(body).toContain('name="file"; filename="bom.json"')
    expect(body).toContain('{"bomFormat":"CycloneDX"}')
  })

  it('posts one part per manifest, named by its relative path', async () => {
    const { baseUrl, requests } = await serve(() => ({ status: 202, body: { ...accepted, files: [] } }))
    const client = createSextantClient({ baseUrl })
    await client.uploadManifests('p-9', [
      { path: 'package.json', content: '{"name":"x"}' },
      { path: './web/package-lock.json', content: new Blob(['{}']) },
    ])
    const body = requests[0]?.body.toString() ?? ''
    expect(requests[0]?.url).toBe('/api/v1/uploads/p-9/manifests')
    expect(body.match(/name="file"/g)).toHaveLength(2)
    expect(body).toContain('filename="package.json"')
    expect(body).toContain('filename="web/package-lock.json"')
  })

  it("sends a public project's upload key as X-Upload-Key, and none otherwise", async () => {
    const { baseUrl, requests } = await serve(() => ({ status: 202, body: { ...accepted, files: [] } }))
    const client = createSextantClient({ baseUrl })
    await client.uploadManifests('p-9', [{ path: 'package.json', content: '{}' }], undefined, {
      uploadKey: 'sxu_key',
    })
    await client.uploadSbom('p-9', new Blob(['{}']), { branch: 'main' }, { uploadKey: 'sxu_key' })
    await client.uploadSbom('p-9', new Blob(['{}']))
    expect(requests.map((r) => r.headers['x-upload-key'])).toEqual(['sxu_key', 'sxu_key', undefined])
  })

  it('needs a project uuid', async () => {
    const client = createSextantClient({ baseUrl: 'http://127.0.0.1:9' })
    const error = await rejection(client.uploadSbom('', new Blob(['{}'])))
    expect(error.message).toBe(sdkMessages.noProject)
  })
})
