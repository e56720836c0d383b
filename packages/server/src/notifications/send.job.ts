// The `notifications.send` job (issue 16 "Every send is a pg-boss job"): one delivery, one attempt per
// job run. A failed attempt that may succeed later throws, so pg-boss retries it with exponential
// back-off (SEXTANT_NOTIFY_RETRY_SECONDS, doubled each time) up to SEXTANT_NOTIFY_ATTEMPTS; the delivery
// row is claimed before each attempt, so a job delivered twice or to two processes sends once. A Slack
// delivery waits, without spending an attempt, while another holder has borrowed its account's Slack
// channel (slack-locks.repo.ts): its job is queued again for when the borrowing ends.

import type { Config } from '../config'
import type { DbClient } from '../db/connection'
import { jobsIn } from '../db/transaction'
import type { PgBoss } from '../jobs/boss'
import { defineJob } from '../jobs/job'
import { attemptDelivery, channelDeps, secretKeyOf } from './notify.service'
import { noteWaiting, slackLockBlocking } from './slack-locks.repo'

export const SEND_QUEUE = 'notifications.send'

export interface SendJobData {
  deliveryUuid: string
}

/** Queues the send of a stored delivery in the caller's transaction, with the configured retries. */
export function queueSend(boss: PgBoss, config: Config, client: DbClient, deliveryUuid: string) {
  return boss.send(
    SEND_QUEUE,
    { deliveryUuid },
    {
      db: jobsIn(client),
      retryLimit: Math.max(0, config.notify.attempts - 1),
      retryDelay: config.notify.retryDelaySeconds,
      retryBackoff: true,
    },
  )
}

export const sendJob = defineJob<SendJobData>({
  queue: SEND_QUEUE,
  settings: { retryLimit: 4, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
  concurrency: 'configured',
  async handle(data, { db, boss, config, outbound, logger }) {
    const held = await slackLockBlocking(db, data.deliveryUuid)
    if (held) {
      await noteWaiting(
        db,
        data.deliveryUuid,
        `Waiting: the Slack channel is borrowed by team ${held.team} until ${held.until.toISOString()}.`,
      )
      await boss.send(SEND_QUEUE, data, {
        retryLimit: Math.max(0, config.notify.attempts - 1),
        retryDelay: config.notify.retryDelaySeconds,
        retryBackoff: true,
        startAfter: new Date(held.until.getTime() + 1000),
      })
      logger.info({ delivery: data.deliveryUuid, until: held.until }, 'notification waits for a Slack lock')
      return
    }
    const deps = channelDeps(db, config, outbound, await secretKeyOf(db, config))
    const { result, detail } = await attemptDelivery(db, config, deps, data.deliveryUuid)
    logger.info({ delivery: data.deliveryUuid, result }, 'notification send')
    // pg-boss tries again after its back-off; the reason is in the delivery log already
    if (result === 'retry') throw new Error(`notification ${data.deliveryUuid}: ${detail}`)
  },
})
