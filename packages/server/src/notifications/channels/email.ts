// E-mail (issue 16 "Channels"): one message per recipient through the configured SMTP server
// (SEXTANT_SMTP_URL) with nodemailer, HTML and text, each with the recipient's own signed unsubscribe link
// (and List-Unsubscribe / List-Unsubscribe-Post for one-click, RFC 8058). The SMTP connection is opened
// by the outbound client (tunnel): the operator configured the server, so any address is allowed.
// Without SEXTANT_SMTP_URL a send fails with that reason: an alert is never silently dropped.
import nodemailer from 'nodemailer'
import type { ChannelSender } from './api'

export const sendEmail: ChannelSender = async ({ channel, rendered, delivered }, deps) => {
  const smtpUrl = deps.smtpUrl
  if (!smtpUrl)
    return {
      ok: false,
      detail: 'No SMTP server is configured (SEXTANT_SMTP_URL): e-mail cannot be sent.',
      retry: false,
    }
  const gone = await deps.unsubscribed(channel)
  const recipients = (Array.isArray(channel.settings.recipients) ? channel.settings.recipients : [])
    .map(String)
    .filter((r) => !gone.has(r.toLowerCase()) && !delivered.includes(r))
  if (recipients.length === 0)
    return { ok: true, detail: 'no recipient left (unsubscribed or reached before)' }
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: deps.timeoutMs,
    greetingTimeout: deps.timeoutMs,
    socketTimeout: deps.timeoutMs,
    getSocket(
      options: { host?: string; port?: number },
      callback: (error: Error | null, socket?: object) => void,
    ) {
      deps.outbound
        .tunnel({
          hostname: String(options.host),
          port: Number(options.port),
          transport: 'tcp',
          reach: 'any',
        })
        .then(
          (r) => (r.ok ? callback(null, { connection: r.socket }) : callback(new Error(r.message))),
          (error: Error) => callback(error),
        )
    },
  } as Parameters<typeof nodemailer.createTransport>[0])
  const failed: string[] = []
  const reached: string[] = []
  try {
    for (const to of recipients) {
      const unsubscribe = deps.unsubscribeUrl(channel, to)
      try {
        await transport.sendMail({
          from: deps.mailFrom,
          to,
          subject: rendered.subject,
          text: `${rendered.text}\n\n--\nUnsubscribe from these alerts: ${unsubscribe}\n`,
          html: `${rendered.html}<hr><p style="font-size:small"><a href="${unsubscribe.replace(/&/g, '&amp;')}">Unsubscribe</a> from these alerts.</p>`,
          list: { unsubscribe: { url: unsubscribe, comment: 'Unsubscribe' } },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        })
        reached.push(to)
      } catch (error) {
        failed.push(`${to}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  } finally {
    transport.close()
  }
  if (failed.length === 0)
    return { ok: true, detail: `e-mail sent to ${reached.length} recipient(s)`, delivered: reached }
  return { ok: false, detail: `SMTP: ${failed.join('; ')}`.slice(0, 1000), retry: true, delivered: reached }
}
