// The one mechanism behind every e-mailed link (password reset, sign-up confirmation, invitation; issue 13
// items 6, 7): a random token mailed to the address, stored only as its digest with an expiry, and spent
// once by whoever shows it. Holding the token is the proof that the caller reads that mailbox.
import { digestToken, newAccessToken } from '../../services/secrets'
import type { MailTransport } from './mail'

export interface LinkToken {
  /** Goes into the mail only. */
  token: string
  /** What storage keeps. */
  tokenHash: string
  expiresAt: Date
}

export function newLinkToken(ttlMs: number): LinkToken {
  const token = newAccessToken()
  return { token, tokenHash: digestToken(token), expiresAt: new Date(Date.now() + ttlMs) }
}

/** The digest a shown token is looked up by. */
export const linkTokenHash = (token: string): string => digestToken(token)

export interface MailLog {
  error(payload: object, message: string): void
}

/**
 * Sends without making the caller wait: an answer must take the same time whichever mail (if any) goes
 * out, so its time does not tell which addresses have users (issue 13 item 14). A failure is logged.
 */
export function sendInBackground(
  mail: MailTransport,
  log: MailLog,
  message: Parameters<MailTransport['send']>[0],
): void {
  mail.send(message).catch((error: unknown) => {
    log.error({ err: error, to: message.to }, `the e-mail "${message.subject}" could not be sent`)
  })
}
