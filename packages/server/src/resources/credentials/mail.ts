// The pluggable mail transport (spec accounts-and-api §7 "forget": a reset token sent by e-mail).
// SMTP through nodemailer when SEXTANT_SMTP_URL is set (smtp[s]://user:pass@host:port), otherwise a
// log transport that writes the message to the server log (fine for a single self-hosted admin).
import type { AddressInfo } from 'node:net'
import nodemailer from 'nodemailer'
import type { Config } from '../../config'

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

/** SEXTANT_SMTP_URL and SEXTANT_MAIL_FROM (Config) choose the transport. */
export function mailTransportFor(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, log: MailLog): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : logTransport(log)
}

/**
 * Where links in e-mails point: SEXTANT_PUBLIC_URL when set, else the address the server actually
 * listens on (with PORT=0 the port the system chose, not 0; a wildcard host becomes localhost).
 */
export function publicUrl(
  listening: AddressInfo | string | null,
  config: Pick<Config, 'host' | 'port' | 'publicUrl'>,
): string {
  if (config.publicUrl) return config.publicUrl
  const bound = listening && typeof listening === 'object' ? listening : null
  const host = bound?.address ?? config.host
  const port = bound?.port ?? config.port
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`
}
