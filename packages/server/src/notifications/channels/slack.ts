// Slack (issue 16 "Channels"): blocks linking the report, sent either to an incoming-webhook URL (the
// channel's secret; Slack answers 200 "ok" or a 4xx naming the problem) or with a bot token through the
// Web API's chat.postMessage (200 with {ok, error}). The secret opens only for the origin it was saved
// with; every address passes the SSRF rules through the outbound client.
import { z } from 'zod'
import { describeFailure } from '../../http-client'
import { type ChannelSender, reachOf, retryableStatus } from './api'

export const SLACK_API = 'https://slack.com/api'

const postMessageAnswer = z.object({ ok: z.boolean(), error: z.string().optional() }).loose()

export const sendSlack: ChannelSender = async ({ channel, rendered }, deps) => {
  const bot = channel.settings.mode === 'bot'
  const apiUrl = String(channel.settings.apiUrl ?? SLACK_API).replace(/\/+$/, '')
  const target = bot ? `${apiUrl}/chat.postMessage` : (channel.secret?.url ?? '')
  const secret = await deps.secretFor(channel, target, bot ? 'token' : 'webhookUrl')
  if (typeof secret !== 'string') return { ok: false, detail: secret.problem, retry: false }
  const url = bot ? target : secret
  const message = { text: rendered.slack.text, blocks: rendered.slack.blocks, unfurl_links: false }
  const answer = await deps.outbound.request({
    url,
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(bot ? { authorization: `Bearer ${secret}` } : {}),
    },
    body: JSON.stringify(bot ? { channel: channel.settings.channel, ...message } : message),
    ...reachOf(deps),
    maxBytes: 64 * 1024,
    timeoutMs: deps.timeoutMs,
  })
  // the webhook URL is the secret: failures name the origin only
  const shown = bot ? url : new URL(url).origin
  if (!answer.ok)
    return { ok: false, detail: describeFailure(answer, shown), retry: answer.kind !== 'refused' }
  const text = answer.body.toString('utf8').slice(0, 300)
  if (answer.status !== 200)
    return {
      ok: false,
      detail: `Slack answered ${answer.status} ${text}`.trim(),
      retry: retryableStatus(answer.status),
    }
  if (!bot) return { ok: true, detail: 'Slack webhook answered 200' }
  let parsed: z.infer<typeof postMessageAnswer> | null = null
  try {
    parsed = postMessageAnswer.parse(JSON.parse(text))
  } catch {
    return {
      ok: false,
      detail: `chat.postMessage answered something that is not Slack's JSON: ${text}`,
      retry: true,
    }
  }
  if (parsed.ok) return { ok: true, detail: 'chat.postMessage ok' }
  return {
    ok: false,
    detail: `chat.postMessage: ${parsed.error ?? 'not ok'}`,
    retry:
      parsed.error === 'ratelimited' ||
      parsed.error === 'internal_error' ||
      parsed.error === 'service_unavailable',
  }
}
