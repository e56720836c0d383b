// The health check answers within its own probe timeout (issue 13 item 3): a database that takes a query
// and never answers (the embedded database wedged by a full disk) makes the check answer 503 with the
// reason, instead of hanging with it.
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Db } from '../db/connection'
import { HEALTH_PROBE_TIMEOUT_MS, healthRoutes } from './health.routes'

describe('health check', () => {
  it('answers 503 naming the database when it does not answer in time, and the other probes still', async () => {
    const app = Fastify()
    const silent = { query: () => new Promise(() => {}) } as unknown as Db
    healthRoutes(app, silent, {
      jobs: async () => 'pg-boss running',
      advisories: () => new Promise(() => {}),
      storage: async () => {
        throw new Error('the disk of the data folder is full: 0 MB free of 160 MB in /data')
      },
    })
    const res = await app.inject({ method: 'GET', url: '/admin/server/sextant/healthcheck' })
    expect(res.statusCode).toBe(503)
    const body = res.json()
    expect(body.healthy).toBe(false)
    expect(body.details.database).toEqual({
      healthy: false,
      message: `the database did not answer within ${HEALTH_PROBE_TIMEOUT_MS / 1000} s`,
    })
    expect(body.details.jobs).toEqual({ healthy: true, message: 'pg-boss running' })
    expect(body.details.storage.message).toMatch(/disk of the data folder is full/)
    expect(body.details.advisories).toMatchObject({ healthy: false, critical: false })
    await app.close()
  })
})
