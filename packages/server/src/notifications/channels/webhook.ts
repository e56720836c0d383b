// Generic webhooks (issue 16 "Channels"): the alert as JSON, POSTed to the channel's URL with an
// HMAC-SHA256 signature of the exact body bytes in X-Sextant-Signature-256 (`sha256=<hex>`, keyed with the
// channel's secret, which opens only for the URL's origin), plus X-Sextant-Event, X-Sextant-Delivery (the
// same on every retry: receivers may de-duplicate) and X-Sextant-Timestamp (inside the signed body too).
import { createHmac } from 'node:crypto'
import { describeFailure } from '../../http-client'
import { type ChannelSender, reachOf, retryableStatus } from './api'

export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`
}

export const sendWebhook: ChannelSender = async ({ channel, rendered, deliveryUuid, event }, deps) => {
  const url = String(channel.settings.url ?? '')
  const secret = await deps.secretFor(channel, url, 'secret')
  if (typeof secret !== 'string') return { ok: false, detail: secret.problem, retry: false }
  const timestamp = new Date().toISOString()
  const body = JSON.stringify({ delivery: deliveryUuid, event, timestamp, ...rendered.json })
  const answer = await deps.outbound.request({
    url,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Sextant-Webhook/1',
      'x-sextant-event': event,
      'x-sextant-delivery': deliveryUuid,
      'x-sextant-timestamp': timestamp,
      'x-sextant-signature-256': signBody(secret, body),
    },
    body,
    ...reachOf(deps),
    maxBytes: 64 * 1024,
    timeoutMs: deps.timeoutMs,
  })
  if (!answer.ok) return { ok: false, detail: describeFailure(answer, url), retry: answer.kind !== 'refused' }
  if (answer.status >= 200 && answer.status < 300)
    return { ok: true, detail: `webhook answered ${answer.status}` }
  return {
    ok: false,
    detail: `webhook answered ${answer.status} ${answer.body.toString('utf8').slice(0, 200)}`.trim(),
    retry: retryableStatus(answer.status),
  }
}
