// The `notifications.digest` job (issue 16 "a digest mode (daily per user: the spec's allerta)"): once a
// day (SEXTANT_NOTIFY_DIGEST_CRON, default 07:00 UTC) the alerts held by each digest rule become one
// delivery, sent like any other; the held ones are marked digested in the same transaction.
import type { Config } from '../config'
import type { Db } from '../db/connection'
import { inTransaction } from '../db/transaction'
import type { PgBoss } from '../jobs/boss'
import { defineJob } from '../jobs/job'
import { newUuid } from '../services/secrets'
import { insertDelivery, markDigested, takeHeld } from './deliveries.repo'
import type { AlertPayload } from './message'
import { queueSend, SEND_QUEUE } from './send.job'

export const DIGEST_QUEUE = 'notifications.digest'

export async function runDigests(db: Db, boss: PgBoss, config: Config): Promise<number> {
  return inTransaction(db, async (client) => {
    const groups = await takeHeld(client)
    for (const g of groups) {
      const alerts = g.payloads as AlertPayload[]
      const uuid = newUuid()
      await insertDelivery(client, {
        uuid,
        accountUuid: g.account_uuid,
        ruleUuid: g.rule_uuid,
        channelUuid: g.channel_uuid,
        channelKind: g.channel_kind,
        projectUuid: null,
        reportUuid: null,
        status: 'pending',
        payload: { kind: 'digest', rule: alerts[0]?.rule ?? { uuid: g.rule_uuid, name: '' }, alerts },
        items: g.items,
      })
      await markDigested(client, g.deliveries, uuid)
      await queueSend(boss, config, client, uuid)
    }
    return groups.length
  })
}

export const digestJob = defineJob<object>({
  queue: DIGEST_QUEUE,
  settings: { policy: 'stately', retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 15 * 60 },
  concurrency: 1,
  async handle(_data, { db, boss, config, logger, wake }) {
    const sent = await runDigests(db, boss, config)
    if (sent > 0) {
      logger.info({ digests: sent }, 'notification digests queued')
      wake(SEND_QUEUE)
    }
  },
  schedule: { cron: (config) => config.notify.digestCron, data: {}, singletonKey: 'digest' },
})
