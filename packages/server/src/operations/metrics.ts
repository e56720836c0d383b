// Prometheus metrics (issue 18 "What operators get from it"): one prom-client registry per process with
// HTTP request durations by route, job durations by queue and outcome, and gauges read when scraped: job
// queue depth, analyses by status, the advisory store's size and age, the database pool. One registry per
// process, not prom-client's global one, so that tests running several servers in one process stay apart.
import type { AdvisorySnapshot } from '@sextant/contract'
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Db } from '../db/connection'
import type { PgBoss } from '../jobs/boss'
import { countAnalysesByStatus } from './operations.repo'

export type JobOutcome = 'completed' | 'failed'

export interface Metrics {
  registry: Registry
  /** One HTTP answer: `route` is the route's pattern (never the raw path), 'unmatched' for a 404. */
  observeRequest(method: string, route: string, status: number, seconds: number): void
  observeJob(queue: string, outcome: JobOutcome, seconds: number): void
}

export interface MetricSources {
  db: Db
  boss: PgBoss
  queues: readonly string[]
  advisories: () => Promise<AdvisorySnapshot>
  /** The clock for the advisory store's age (tests pass their own). */
  now?: () => Date
}

const ANALYSIS_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'sextant_' })
  const now = sources.now ?? (() => new Date())

  const http = new Histogram({
    name: 'sextant_http_request_duration_seconds',
    help: 'HTTP answers by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  })
  const jobs = new Histogram({
    name: 'sextant_job_duration_seconds',
    help: 'Background jobs handled by this process, by queue and outcome.',
    labelNames: ['queue', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
    registers: [registry],
  })
  new Gauge({
    name: 'sextant_job_queue_depth',
    help: 'Jobs waiting in each queue (all processes; read from pg-boss when scraped).',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const sizes = await Promise.all(sources.queues.map((q) => sources.boss.getQueueSize(q)))
      for (const [i, queue] of sources.queues.entries()) this.set({ queue }, sizes[i] ?? 0)
    },
  })
  new Gauge({
    name: 'sextant_analyses',
    help: 'Analyses stored, by status.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const counts = await countAnalysesByStatus(sources.db)
      for (const status of ANALYSIS_STATUSES) this.set({ status }, counts.get(status) ?? 0)
    },
  })
  // The advisory store is read once per scrape for both gauges below.
  let snapshot: Promise<AdvisorySnapshot> | null = null
  const advisories = () => {
    snapshot ??= sources.advisories().finally(() => {
      snapshot = null
    })
    return snapshot
  }
  new Gauge({
    name: 'sextant_advisories',
    help: 'Advisories in the store, by ecosystem.',
    labelNames: ['ecosystem'] as const,
    registers: [registry],
    async collect() {
      const s = await advisories()
      this.reset()
      for (const [ecosystem, n] of Object.entries(s.byEcosystem)) this.set({ ecosystem }, n)
    },
  })
  new Gauge({
    name: 'sextant_advisory_store_age_seconds',
    help: 'Seconds since the last successful advisory sync or import; absent when there was none.',
    registers: [registry],
    async collect() {
      const s = await advisories()
      this.reset()
      if (s.lastSuccessAt)
        this.set(Math.max(0, (now().getTime() - new Date(s.lastSuccessAt).getTime()) / 1000))
    },
  })
  new Gauge({
    name: 'sextant_db_pool_connections',
    help: "The database pool's connections: total open, idle, and callers waiting for one.",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, sources.db.totalCount)
      this.set({ state: 'idle' }, sources.db.idleCount)
      this.set({ state: 'waiting' }, sources.db.waitingCount)
    },
  })
  new Gauge({
    name: 'sextant_db_pool_max_connections',
    help: "The database pool's size limit.",
    registers: [registry],
    collect() {
      this.set(sources.db.options.max ?? 0)
    },
  })

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      http.observe({ method, route, status_code: String(status) }, seconds)
    },
    observeJob(queue, outcome, seconds) {
      jobs.observe({ queue, outcome }, seconds)
    },
  }
}
