// What an alert says, per channel (issue 16 "Channels"): one stored payload (an alert of one report, a
// daily digest of alerts, a test, or a plain e-mail) rendered as an e-mail (subject, text, HTML with the
// unsubscribe link), Slack blocks linking the report, or the webhook's JSON. HTML is escaped here; no
// finding text reaches a message unescaped.
import type { DeltaFinding } from '@sextant/engine'

export interface AlertItemPayload {
  event: string
  summary: string
  finding: DeltaFinding | null
}

export interface AlertPayload {
  kind: 'alert'
  rule: { uuid: string; name: string }
  project: { uuid: string; name: string; branch: string }
  report: { uuid: string; live: boolean }
  items: AlertItemPayload[]
}

export type Payload =
  | AlertPayload
  | { kind: 'digest'; rule: { uuid: string; name: string }; alerts: AlertPayload[] }
  | { kind: 'test'; channel: string }
  | { kind: 'email'; subject: string; content: string }

export interface Rendered {
  subject: string
  text: string
  html: string
  slack: { text: string; blocks: object[] }
  json: object
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`)
// Slack mrkdwn: only &, < and > are special
const escapeSlack = (s: string) => s.replace(/[&<>]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt' }[c]};`)

export function reportLink(base: string, a: AlertPayload): string {
  const q = new URLSearchParams({ pid: a.project.uuid, branch: a.project.branch, reportUuid: a.report.uuid })
  return `${base}/projects?${q}`
}

function alertTitle(a: AlertPayload): string {
  const n = a.items.length
  return `${a.project.name} (${a.project.branch}): ${n} new alert${n === 1 ? '' : 's'}${a.report.live ? ' from new advisory data' : ''}`
}

export function render(payload: Payload, base: string): Rendered {
  if (payload.kind === 'test' || payload.kind === 'email') {
    const subject = payload.kind === 'test' ? `Sextant test message (${payload.channel})` : payload.subject
    const text =
      payload.kind === 'test'
        ? `This is a test message from Sextant through the channel '${payload.channel}'. Alerts will arrive like this.`
        : payload.content
    return {
      subject,
      text,
      html: `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`,
      slack: {
        text: `${subject}: ${text}`,
        blocks: [{ type: 'section', text: { type: 'mrkdwn', text: escapeSlack(text) } }],
      },
      json: { type: payload.kind, subject, text },
    }
  }
  const alerts = payload.kind === 'alert' ? [payload] : payload.alerts
  const subject =
    payload.kind === 'alert'
      ? `[Sextant] ${alertTitle(payload)}`
      : `[Sextant] Daily digest of '${payload.rule.name}': ${alerts.reduce((n, a) => n + a.items.length, 0)} alerts`
  const text = alerts
    .map((a) =>
      [alertTitle(a), ...a.items.map((i) => `- ${i.summary}`), `Report: ${reportLink(base, a)}`].join('\n'),
    )
    .join('\n\n')
  const html = alerts
    .map(
      (a) =>
        `<h3>${escapeHtml(alertTitle(a))}</h3><ul>${a.items.map((i) => `<li>${escapeHtml(i.summary)}</li>`).join('')}</ul>` +
        `<p><a href="${escapeHtml(reportLink(base, a))}">Open the report</a></p>`,
    )
    .join('')
  const blocks: object[] = [{ type: 'header', text: { type: 'plain_text', text: subject.slice(0, 150) } }]
  for (const a of alerts.slice(0, 20)) {
    const lines = a.items.slice(0, 20).map((i) => `• ${escapeSlack(i.summary)}`)
    if (a.items.length > 20) lines.push(`… and ${a.items.length - 20} more`)
    blocks.push({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `*<${reportLink(base, a)}|${escapeSlack(alertTitle(a))}>*\n${lines.join('\n')}`.slice(0, 3000),
      },
    })
  }
  return {
    subject,
    text,
    html,
    slack: { text: subject, blocks },
    json: {
      type: payload.kind,
      rule: payload.rule,
      alerts: alerts.map((a) => ({ ...a, reportUrl: reportLink(base, a) })),
    },
  }
}
