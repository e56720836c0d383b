// The insights calls of the SDK (spec accounts-and-api §7 "Projects and reports", "Insights"; §8 SDK
// messages): numbers and flags become the query the contract reads, nothing undefined is sent, and
// missing ids fail before any request with the spec's messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSextantClient } from './client'
import { insightsApi } from './insights'
import { startTestServer, type TestServer } from './test-server'

const insights = {
  accountUuid: 'a',
  sinceDaysAgo: 30,
  generatedAt: '2026-01-01T00:00:00.000Z',
  reports: 0,
  total: 0,
  components: [],
  advisories: [],
}

describe('insights SDK', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer((r) =>
      r.url.includes('/projects/count')
        ? { status: 200, body: { count: 3 } }
        : r.url.includes('/insights/')
          ? { status: 200, body: insights }
          : { status: 200, body: [] },
    )
  })
  afterAll(() => server.close())
  const api = () => insightsApi(createSextantClient({ baseUrl: server.baseUrl }))

  it('sends the filters as the query and only those given', async () => {
    const answer = await api().dependencyInsights('me', {
      component: 'lodash',
      severity: ['CRITICAL', 'HIGH'],
      all: true,
      sinceDaysAgo: 30,
      limit: 10,
    })
    expect(answer.sinceDaysAgo).toBe(30)
    const url = new URL(server.requests.at(-1)!.url, server.baseUrl)
    expect(url.pathname).toBe('/api/v2/accounts/me/insights/dependencies')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      component: 'lodash',
      severity: 'CRITICAL,HIGH',
      all: 'true',
      sinceDaysAgo: '30',
      limit: '10',
    })
    expect(await api().projectsCount('me')).toBe(3)
    expect(server.requests.at(-1)!.url).toBe('/api/v1/accounts/me/projects/count')
    await api().latestReports()
    expect(server.requests.at(-1)!.url).toBe('/api/v2/reports')
  })

  it('refuses missing ids with the spec messages before any request', async () => {
    const before = server.requests.length
    await expect(api().dependencyInsights('')).rejects.toThrow('No account has been specified')
    await expect(api().projectsCount(' ')).rejects.toThrow('No account has been specified')
    await expect(api().reportSummary('')).rejects.toThrow('No project uuid has been specified')
    expect(server.requests.length).toBe(before)
  })
})
