// The pluggable mail transport (spec accounts-and-api §7 "forget": a reset token sent by e-mail).
// SMTP through nodemailer when SEXTANT_SMTP_URL is set (smtp[s]://user:pass@host:port), otherwise a
// log transport that writes the message to the server log (fine for a single self-hosted admin).
import type { AddressInfo } from 'node:net'
import nodemailer from 'nodemailer'

export interface MailMessage {
  to: string
  subject: string
  text: string
}

export interface MailTransport {
  readonly kind: 'smtp' | 'log'
  send(message: MailMessage): Promise<void>
}

export interface MailLog {
  info(payload: object, message: string): void
}

export function smtpTransport(url: string, from: string): MailTransport {
  const transport = nodemailer.createTransport(url)
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text })
    },
  }
}

export function logTransport(log: MailLog): MailTransport {
  return {
    kind: 'log',
    async send(message) {
      log.info({ mail: message }, `e-mail to ${message.to} (no SEXTANT_SMTP_URL: logged, not sent)`)
    },
  }
}

/** SEXTANT_SMTP_URL and SEXTANT_MAIL_FROM (default sextant@localhost) choose the transport. */
export function mailTransportFromEnv(log: MailLog, env: NodeJS.ProcessEnv = process.env): MailTransport {
  const url = env.SEXTANT_SMTP_URL
  if (!url) return logTransport(log)
  if (!/^smtps?:\/\//.test(url)) throw new Error('SEXTANT_SMTP_URL must be an smtp:// or smtps:// URL.')
  return smtpTransport(url, env.SEXTANT_MAIL_FROM ?? 'Sextant <sextant@localhost>')
}

/**
 * Where links in e-mails point: SEXTANT_PUBLIC_URL when set, else the address the server actually
 * listens on (with PORT=0 the port the system chose, not 0; a wildcard host becomes localhost).
 */
export function publicUrl(
  listening: AddressInfo | string | null,
  fallback: { host: string; port: number },
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (env.SEXTANT_PUBLIC_URL) return env.SEXTANT_PUBLIC_URL.replace(/\/$/, '')
  const bound = listening && typeof listening === 'object' ? listening : null
  const host = bound?.address ?? fallback.host
  const port = bound?.port ?? fallback.port
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`
}
