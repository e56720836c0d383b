// The job registry (DESIGN §3 "Jobs"; issue 18 item 5): every member is well formed, a start creates
// every queue with its settings and stores the schedules with pg-boss, workers run handlers and stop
// aborts them, and no module outside jobs/run-jobs.ts creates a queue, starts a worker or a timer.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { corpusDir } from '../advisories/test-corpus'
import { startTestInstance, type TestInstance } from '../testing/instance'
import { defineJob, everyMinutes } from './job'
import { jobs } from './registry'
import { startJobs } from './run-jobs'

const srcDir = join(import.meta.dirname, '..')

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return e.name === 'testing' || e.name === 'fixtures' ? [] : productFiles(path)
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : []
  })
}

describe('the job registry', () => {
  it('lists each queue once, each with settings, a concurrency and a handler', () => {
    const queues = jobs.map((j) => j.queue)
    expect(new Set(queues).size).toBe(queues.length)
    expect(queues).toEqual(
      expect.arrayContaining([
        'analyse',
        'recompute',
        'refresh',
        'export',
        'advisories.sync',
        'enrichment.sync',
        'notifications.evaluate',
        'notifications.send',
        'notifications.digest',
      ]),
    )
    for (const job of jobs) {
      expect(job.settings.retryLimit, job.queue).toBeGreaterThanOrEqual(0)
      expect(job.settings.expireInSeconds, job.queue).toBeGreaterThan(0)
      expect(
        job.concurrency === 'configured' || job.concurrency === 'recompute' || job.concurrency >= 1,
        job.queue,
      ).toBe(true)
      expect(typeof job.handle, job.queue).toBe('function')
    }
  })

  it.each([
    [0.2, '* * * * *'],
    [1, '* * * * *'],
    [5, '*/5 * * * *'],
    [90, '*/59 * * * *'],
  ])('every %s minutes is %s', (minutes, cron) => {
    expect(everyMinutes(minutes)).toBe(cron)
  })

  it('is the only place that creates queues, starts workers or schedules with timers', () => {
    const offenders = productFiles(srcDir)
      .filter((f) => !f.endsWith(join('jobs', 'run-jobs.ts')))
      .flatMap((f) => {
        const text = readFileSync(f, 'utf8')
        // the embedded database's watchdog pings its host process: not a job (issue 13 item 3)
        const timers = f.endsWith(join('db', 'host-watchdog.ts')) ? [] : [/\bsetInterval\(/]
        return [/\.createQueue\(/, /\bboss\.work\b/, ...timers]
          .filter((re) => re.test(text))
          .map((re) => `${relative(srcDir, f)}: ${re.source}`)
      })
    expect(offenders).toEqual([])
  })
})

describe('a start with the registry', () => {
  let instance: TestInstance
  beforeAll(async () => {
    instance = await startTestInstance(
      'embedded',
      {
        SEXTANT_ADVISORY_SOURCES: join(corpusDir, 'osv'),
        SEXTANT_KEV_SOURCE: join(corpusDir, 'enrichment', 'kev', 'known_exploited_vulnerabilities.json'),
        SEXTANT_ADVISORY_SYNC_HOURS: '1',
      },
      { workers: false },
    )
  }, 60_000)
  afterAll(async () => instance?.close())

  it('creates every queue with its settings', async () => {
    const { boss } = instance.sextant
    for (const job of jobs) {
      const queue = await boss.getQueue(job.queue)
      expect(queue, job.queue).toMatchObject({
        name: job.queue,
        policy: job.settings.policy ?? 'standard',
        retryLimit: job.settings.retryLimit,
        retryDelay: job.settings.retryDelaySeconds,
        expireInSeconds: job.settings.expireInSeconds,
      })
    }
  })

  it('stores the sync schedules with pg-boss, and removes one whose sources are all turned off', async () => {
    const { boss, db, config, logger } = instance.sextant
    const schedules = await boss.getSchedules()
    expect(schedules.map((s) => [s.name, s.cron]).sort()).toEqual([
      // changes another process left (the CLI on a shared database) are re-assessed within a minute
      ['advisories.reassess', '* * * * *'],
      ['advisories.sync', '*/5 * * * *'],
      // every scheduled account's metrics to Datadog (SEXTANT_DATADOG_INTERVAL_MINUTES, default 60)
      ['datadog.metrics', '0 * * * *'],
      ['enrichment.sync', '*/5 * * * *'],
      // daily digests (issue 16), and reports stored by another process are evaluated within a minute
      ['notifications.digest', '0 7 * * *'],
      ['notifications.evaluate', '* * * * *'],
      // due deletion requests are carried out hourly (issue 20; spec report-page §9)
      ['retention.deletion-requests', '17 * * * *'],
      // upload files of analyses that ended a day ago are dropped hourly (issue 20)
      ['retention.upload-files', '47 * * * *'],
    ])
    expect(schedules.find((s) => s.name === 'advisories.sync')?.data).toEqual({ reason: 'schedule' })

    const off = { ...config, advisorySources: [] as string[] }
    const deps = { db, boss, config: off, logger, outbound: null as never, sources: {}, workers: false }
    const again = await startJobs(
      jobs.filter((j) => j.queue === 'advisories.sync'),
      deps,
    )
    await again.stop()
    expect((await boss.getSchedules()).map((s) => s.name).sort()).toEqual([
      'advisories.reassess',
      'datadog.metrics',
      'enrichment.sync',
      'notifications.digest',
      'notifications.evaluate',
      'retention.deletion-requests',
      'retention.upload-files',
    ])
  })

  it('runs a job handler in workers, wakes them, and aborts the signal on stop', async () => {
    const { boss, db, config, logger } = instance.sextant
    const seen: { n: number; aborted: boolean }[] = []
    let signal: AbortSignal | null = null
    const probe = defineJob<{ n: number }>({
      queue: 'test.probe',
      settings: { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 },
      concurrency: 2,
      async handle(data, context) {
        signal = context.signal
        seen.push({ n: data.n, aborted: context.signal.aborted })
      },
    })
    const running = await startJobs([probe], {
      db,
      boss,
      config,
      logger,
      outbound: null as never,
      sources: {},
      workers: true,
    })
    expect(running.workers).not.toBeNull()
    await boss.send(probe.queue, { n: 1 })
    await boss.send(probe.queue, { n: 2 })
    running.workers?.notify()
    const deadline = Date.now() + 10_000
    while (seen.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    expect(seen.map((s) => s.n).sort()).toEqual([1, 2])
    expect(seen.every((s) => !s.aborted)).toBe(true)
    await running.stop()
    expect((signal as AbortSignal | null)?.aborted).toBe(true)
    await boss.offWork(probe.queue)
  })
})
