// The scheduled metrics submission (issue 17 "Metrics integration": "a scheduled job (pg-boss schedule)
// … submit gauges per project and branch"): every SEXTANT_DATADOG_INTERVAL_MINUTES, each account set up
// with `scheduled` and the 'datadog' feature sends the latest report of each of its project branches,
// recorded in its history like a send-now. One account's failure does not stop the others.
import { defineJob, everyMinutes } from '../../jobs/job'
import { scheduledAccounts } from './datadog.repo'
import { datadogDeps, submitAccountMetrics } from './datadog.service'

/** Every n minutes below an hour; hourly or every few hours at minute 0 from 60 on. */
export function datadogCron(minutes: number): string | null {
  if (minutes <= 0) return null
  if (minutes < 60) return everyMinutes(minutes)
  const hours = Math.min(24, Math.round(minutes / 60))
  return hours === 1 ? '0 * * * *' : hours >= 24 ? '0 0 * * *' : `0 */${hours} * * *`
}

export const datadogMetricsJob = defineJob<Record<string, never>>({
  queue: 'datadog.metrics',
  settings: { policy: 'stately', retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 30 * 60 },
  concurrency: 1,
  schedule: {
    cron: (config) => datadogCron(config.datadogIntervalMinutes),
    data: {},
    singletonKey: 'datadog',
  },
  async handle(_data, context) {
    const deps = datadogDeps(context.db, context.config, context.outbound)
    for (const account of await scheduledAccounts(context.db)) {
      if (context.signal.aborted) return
      const result = await submitAccountMetrics(deps, account, 'schedule', new Date())
      if (!result.ok)
        context.logger.warn({ account, problem: result.problem.message }, 'datadog metrics not sent')
      else
        context.logger.info(
          { account, ok: result.value.ok, series: result.value.series },
          'datadog metrics sent',
        )
    }
  },
})
