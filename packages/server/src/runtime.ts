// Starts and stops one Sextant process (DESIGN §1 "Runtime topology"): API and/or workers, on the
// embedded PGlite (no DATABASE_URL) or on a PostgreSQL server. Start-up order: config → database →
// migrations → first-start identity → jobs → workers → HTTP. Stop reverses it, letting running jobs finish.
// The HTTP app, the jobs and the metrics are loaded while the embedded database starts (issue 18
// acceptance 6, `npm start` answers in under 3 s): their modules take as long to load as PGlite to start.
// `sextant serve` goes further through launch.ts, which starts the database before this module loads.
import { fileURLToPath } from 'node:url'
import pino, { type DestinationStream, type Logger } from 'pino'
import { createAdvisoryStore } from './advisories'
import { readAdvisorySnapshot } from './advisories/snapshot'
import { type Config, loadConfig } from './config'
import { type ConnectionTarget, createPool, type Db } from './db/connection'
import { type EarlyEmbeddedDatabase, type EmbeddedDatabase, startEmbeddedDatabase } from './db/embedded'
import { createJobPool } from './db/job-pool'
import { migrate } from './db/migrate'
import { takeStartupLock } from './db/startup-lock'
import { createEnrichmentStore } from './enrichment'
import { createOutboundClient, type OutboundOptions } from './http-client'
import type { PgBoss } from './jobs/boss'
import { createMetadataSource } from './metadata'
import type { MailTransport } from './resources/credentials/mail'
import { createAnalysisSources } from './services/analysis.sources'
import { bootstrapIdentity } from './services/bootstrap.service'
import { grantLocalCliAccess } from './services/local-cli-access'

export interface StartOptions {
  api: boolean
  workers: boolean
  env?: NodeJS.ProcessEnv
  /** Where one-time notices (a generated admin password) are printed; stdout by default. */
  print?: (line: string) => void
  /** Outbound client options besides Config's (tests inject a resolver: DNS rebinding). */
  outbound?: Omit<OutboundOptions, 'settings'>
  /** Where log lines go; stdout by default (tests read them for secrets). */
  log?: DestinationStream
  /** Where e-mails go instead of SEXTANT_SMTP_URL's transport (tests read the links they carry). */
  mail?: MailTransport
  /** The analyses' clock; the real one by default (tests move time past an exclusion's expiry, issue 19). */
  clock?: () => Date
  /**
   * The embedded database already starting (launch.ts starts it before this module loads); it must be the
   * one this configuration names. Stopped with the rest once handed over.
   */
  embedded?: EarlyEmbeddedDatabase
}

export interface RunningSextant {
  config: Config
  db: Db
  boss: PgBoss
  logger: Logger
  /** http://host:port when the API runs. */
  url: string | null
  embedded: boolean
  stop(): Promise<void>
}

const defaultWebDir = fileURLToPath(new URL('../../web/dist', import.meta.url))

/** The modules that serve and work, loaded apart so that their loading overlaps the database's start. */
async function loadServing() {
  const [app, analyse, boss, registry, runJobs, metrics] = await Promise.all([
    import('./http/app'),
    import('./jobs/analyse.job'),
    import('./jobs/boss'),
    import('./jobs/registry'),
    import('./jobs/run-jobs'),
    import('./operations/metrics'),
  ])
  return {
    buildApp: app.buildApp,
    analyseJob: analyse.analyseJob,
    startBoss: boss.startBoss,
    jobs: registry.jobs,
    startJobs: runJobs.startJobs,
    createMetrics: metrics.createMetrics,
  }
}

export async function startSextant(options: StartOptions): Promise<RunningSextant> {
  const config = loadConfig(options.env ?? process.env)
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`))
  const logger = pino(
    { level: config.logLevel, base: { service: 'sextant' } },
    options.log ?? pino.destination(1),
  )

  const loading = loadServing()
  // a start that fails before it awaits the modules must not leave their promise's failure unhandled
  loading.catch(() => {})
  let embedded: EmbeddedDatabase | null = null
  let target: ConnectionTarget
  if (config.databaseUrl) {
    if (options.embedded) throw new Error('an embedded database was started for a DATABASE_URL configuration')
    target = { connectionString: config.databaseUrl }
  } else {
    if (!options.api) {
      throw new Error(
        'A worker-only process needs DATABASE_URL: the embedded database belongs to one process. Run `sextant serve` (API and workers together) or point every process at one PostgreSQL server.',
      )
    }
    const early = options.embedded
    if (early && early.dataDir !== config.dataDir)
      throw new Error(`embedded database started on ${early.dataDir}, configured on ${config.dataDir}`)
    early?.logTo(logger)
    embedded = early ? await early.started : await startEmbeddedDatabase(config.dataDir, logger)
    target = embedded.target
    logger.info({ dataDir: config.dataDir }, 'embedded database started')
    const { fixed, checked, existed } = embedded.permissions
    if (fixed > 0) {
      const message = `data folder made private: ${fixed} of ${checked} folders and files could be read or written by other users; folders are now 0700 and files 0600`
      if (existed) logger.warn({ dataDir: config.dataDir, fixed, checked }, message)
      else logger.info({ dataDir: config.dataDir, fixed, checked }, message)
    }
  }

  const stops: (() => Promise<void>)[] = []
  const stopAll = async () => {
    for (const stop of stops.reverse())
      await stop().catch((error: unknown) => logger.error({ err: error }, 'error while stopping'))
  }
  if (embedded) stops.push(embedded.stop)
  // The one outbound client of this process (issue 18 item 3): every request to another host goes through it.
  const outbound = createOutboundClient(config.outbound, options.outbound)
  stops.push(() => outbound.close())

  try {
    const db = createPool(target, embedded ? 8 : 10)
    stops.push(() => db.end())
    const applied = await migrate(db)
    if (applied.length) logger.info({ applied }, 'database migrations applied')

    const boot = await bootstrapIdentity(db, config)
    if (boot.generatedAdmin) {
      print(
        `\nSextant created the first administrator.\n  e-mail:   ${boot.generatedAdmin.email}\n  password: ${boot.generatedAdmin.password}\nThis password is shown once; set SEXTANT_ADMIN_PASSWORD before the first start to choose it.\n`,
      )
    }

    const { buildApp, analyseJob, startBoss, jobs, startJobs, createMetrics } = await loading
    const releaseStartupLock = await takeStartupLock(db)
    stops.push(releaseStartupLock)
    const jobPool = createJobPool(target, (error) =>
      logger.error({ err: error }, 'job engine connection error'),
    )
    const jobEngine = await startBoss(jobPool, logger)
    stops.push(jobEngine.stop)
    const boss = jobEngine.boss
    const sources = {
      ...createAnalysisSources(
        createAdvisoryStore(db, config),
        createMetadataSource(db, config, { outbound }),
        createEnrichmentStore(db),
      ),
      ...(options.clock ? { now: options.clock } : {}),
    }
    // Every queue, schedule and worker of jobs/registry.ts; stopped before pg-boss drains.
    const metrics = createMetrics({
      db,
      boss,
      queues: jobs.map((job) => job.queue),
      advisories: () => readAdvisorySnapshot(db, config),
    })
    const running = await startJobs(jobs, {
      db,
      boss,
      config,
      logger,
      outbound,
      sources,
      workers: options.workers,
      metrics,
      deferWorkers: true,
    })
    stops.push(running.stop)
    const workers = running.workers

    await releaseStartupLock()

    let url: string | null = null
    if (options.api) {
      const webDir = config.serveWeb ? (config.webDir ?? defaultWebDir) : null
      const app = await buildApp({
        config,
        db,
        boss,
        workers,
        logger,
        outbound,
        webDir,
        metrics,
        probeQueue: analyseJob.queue,
        ...(options.mail ? { mail: options.mail } : {}),
      })
      await app.listen({ port: config.port, host: config.host })
      const address = app.server.address()
      const port = typeof address === 'object' && address ? address.port : config.port
      url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`
      stops.push(() => app.close())
      // the CLI reaches this server instead of the database it holds (advisory imports; issue 14)
      if (embedded) stops.push(await grantLocalCliAccess(db, config.dataDir, url))
    }
    // after listening: the workers' first fetches do not hold up start-up's queries (issue 18 acc. 6)
    await running.startWorkers()
    let stopping: Promise<void> | null = null
    return {
      config,
      db,
      boss,
      logger,
      url,
      embedded: embedded !== null,
      stop: () => (stopping ??= stopAll()),
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}
