// The pluggable SMS sender for the MFA SMS factor (spec accounts-and-api §7 MFA; DESIGN §7). No SMS
// gateway ships with Sextant: the default sender writes the message to the server log (an operator
// relays it), and SEXTANT_SMS_OUTBOX=<file> appends each message as a JSON line (development, tests).
// A gateway is one object with `send`, passed to mfaRoutes.
import { appendFile } from 'node:fs/promises'
import type { Config } from '../../config'

export interface SmsSender {
  readonly kind: string
  send(phone: string, text: string): Promise<void>
}

export function logSmsSender(log: { info(payload: object, message: string): void }): SmsSender {
  return {
    kind: 'log',
    async send(phone, text) {
      log.info({ sms: { phone, text } }, `SMS to ${phone} (log sender: not sent to a gateway)`)
    },
  }
}

export function outboxSmsSender(file: string): SmsSender {
  return {
    kind: 'outbox',
    async send(phone, text) {
      await appendFile(file, `${JSON.stringify({ phone, text, at: new Date().toISOString() })}\n`)
    },
  }
}

/** SEXTANT_SMS_OUTBOX (Config) chooses the sender. */
export function smsSenderFor(
  config: Pick<Config, 'smsOutbox'>,
  log: { info(payload: object, message: string): void },
): SmsSender {
  return config.smsOutbox ? outboxSmsSender(config.smsOutbox) : logSmsSender(log)
}
