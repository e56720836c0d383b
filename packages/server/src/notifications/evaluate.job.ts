// The `notifications.evaluate` job (issue 16 "Notification rules"; DESIGN §3 "notification rules run on
// what is new, after exclusions"): takes the report deltas not evaluated yet, runs every enabled rule of
// their account (team rules: projects of that team) over each, and in the same transaction records which
// items each rule alerted on (never again for that branch), stores the deliveries and queues their sends
// (immediate) or holds them for the daily digest. One job at a time in the installation (a stately
// queue), and deltas are taken with SKIP LOCKED: each alert exists once, whatever the number of workers.
import { alertItems } from '@sextant/engine'
import type { Config } from '../config'
import type { Db } from '../db/connection'
import { inTransaction } from '../db/transaction'
import type { PgBoss } from '../jobs/boss'
import { defineJob } from '../jobs/job'
import { newUuid } from '../services/secrets'
import { listChannels, listRules, type StoredChannel, type StoredRule } from './channels.repo'
import {
  claimAlertItems,
  hasPendingDeltas,
  insertDelivery,
  markEvaluated,
  takePendingDeltas,
} from './deliveries.repo'
import type { AlertPayload } from './message'
import { queueSend, SEND_QUEUE } from './send.job'

export const EVALUATE_QUEUE = 'notifications.evaluate'
const BATCH = 200

/** Queues an evaluation; null when one is already waiting (it will see the newer deltas too). */
export function queueEvaluation(boss: PgBoss): Promise<string | null> {
  return boss.send(EVALUATE_QUEUE, {}, { singletonKey: 'evaluate' })
}

/** One batch of deltas; answers how many were taken and how many sends were queued. */
export async function evaluateDeltas(
  db: Db,
  boss: PgBoss,
  config: Config,
): Promise<{ deltas: number; deliveries: number; sends: number }> {
  return inTransaction(db, async (client) => {
    const deltas = await takePendingDeltas(client, BATCH)
    const accounts = new Map<string, { rules: StoredRule[]; channels: Map<string, StoredChannel> }>()
    let deliveries = 0
    let sends = 0
    for (const d of deltas) {
      let account = accounts.get(d.account_uuid)
      if (!account) {
        const rules = await listRules(client, d.account_uuid)
        const channels = await listChannels(client, d.account_uuid)
        account = { rules, channels: new Map(channels.map((c) => [c.uuid, c])) }
        accounts.set(d.account_uuid, account)
      }
      for (const rule of account.rules) {
        const channel = account.channels.get(rule.channelUuid)
        if (!rule.enabled || !channel || (rule.teamUuid !== null && rule.teamUuid !== d.team_uuid)) continue
        const items = alertItems(rule, {
          project: { name: d.project_name, tags: d.tags },
          reportUuid: d.report_uuid,
          reportStatus: d.status,
          delta: d.delta,
        })
        const fresh = await claimAlertItems(
          client,
          rule.uuid,
          d.project_uuid,
          d.branch,
          items.map((i) => i.key),
        )
        const kept = items.filter((i) => fresh.has(i.key))
        if (kept.length === 0) continue
        const payload: AlertPayload = {
          kind: 'alert',
          rule: { uuid: rule.uuid, name: rule.name },
          project: { uuid: d.project_uuid, name: d.project_name, branch: d.branch },
          report: { uuid: d.report_uuid, live: d.live },
          items: kept.map((i) => ({ event: i.event, summary: i.summary, finding: i.finding })),
        }
        const uuid = newUuid()
        const status = rule.mode === 'digest' ? 'held' : 'pending'
        await insertDelivery(client, {
          uuid,
          accountUuid: d.account_uuid,
          ruleUuid: rule.uuid,
          channelUuid: channel.uuid,
          channelKind: channel.kind,
          projectUuid: d.project_uuid,
          reportUuid: d.report_uuid,
          status,
          payload,
          items: kept.length,
        })
        deliveries++
        if (status === 'pending') {
          await queueSend(boss, config, client, uuid)
          sends++
        }
      }
    }
    await markEvaluated(
      client,
      deltas.map((d) => d.report_uuid),
    )
    return { deltas: deltas.length, deliveries, sends }
  })
}

export const evaluateJob = defineJob<object>({
  queue: EVALUATE_QUEUE,
  // at most one waiting and one running in the whole installation
  settings: { policy: 'stately', retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 15 * 60 },
  concurrency: 1,
  async handle(_data, { db, boss, config, logger, wake }) {
    if (!(await hasPendingDeltas(db))) return
    for (;;) {
      const outcome = await evaluateDeltas(db, boss, config)
      if (outcome.deliveries > 0) logger.info({ ...outcome }, 'notification rules evaluated')
      if (outcome.sends > 0) wake(SEND_QUEUE)
      if (outcome.deltas < BATCH) return
    }
  },
  // another process's reports (or a missed wake-up) are evaluated within a minute
  schedule: { cron: () => '* * * * *', data: {}, singletonKey: 'evaluate' },
})
