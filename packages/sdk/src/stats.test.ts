// The statistics calls (issue 16; spec accounts-and-api §7): the spec paths and queries,
// and input refused before any request with the §8 message.
import { describe, expect, it } from 'vitest'
import { statsApi } from './stats'
import { recordingClient } from './test-server'

function fake(body: unknown) {
  const { calls, client } = recordingClient(body)
  return { calls, stats: statsApi(client) }
}

const day = {
  accountUuid: 'a',
  date: '2026-03-04',
  alerts: 2,
  messages: 1,
  byEcosystem: { nodejs: 2 },
  bySeverity: { HIGH: 2 },
  counts: [{ ecosystem: 'nodejs', severity: 'HIGH', alerts: 2 }],
}

describe('stats SDK', () => {
  it('calls the spec paths', async () => {
    const d = fake(day)
    expect(await d.stats.allertaOf('2026-03-04')).toEqual(day)
    await d.stats.allertaOf(new Date('2026-03-04T23:59:00Z'))
    const v = fake({ since: '2026-03-01T00:00:00.000Z', total: 0, advisories: [] })
    await v.stats.publicVulns({ days: 3, limit: 10 })
    expect([...d.calls, ...v.calls]).toEqual([
      'GET http://sextant.test/stats/allerta_2026-03-04.json',
      'GET http://sextant.test/stats/allerta_2026-03-04.json',
      'GET http://sextant.test/stats/public-vulns.json?days=3&limit=10',
    ])
  })

  it('refuses a day that is not one before any request', async () => {
    const d = fake(day)
    await expect(d.stats.allertaOf('yesterday')).rejects.toMatchObject({
      message: 'Required information not provided.',
    })
    await expect(d.stats.allertaOf(new Date('nope'))).rejects.toMatchObject({ status: 0 })
    expect(d.calls).toEqual([])
  })
})
