// Secrets a user stores for an integration (a Jira API token with its site; later Datadog, DataTrails,
// Slack, webhooks), DESIGN §7 "per-host credentials", issue 13 item 11: a stored secret goes only to the
// origin (scheme, host, port) it was saved for. Another origin needs the secret again: a check or a save
// naming a new URL without one answers a value saying so, and the stored secret is never decrypted for it.
// The secret is sealed with AES-256-GCM (services/secrets.ts) with its origin as additional data, so the
// ciphertext itself opens only for that origin.
//
// Every integration that keeps a secret uses `sealSecretFor` to store it and `secretForTarget` to pick
// what to send to a URL; nothing else decrypts a stored integration secret.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { decryptSecret } from '../services/secrets'

/** A stored secret and the URL it was saved with (e.g. a Jira site's base URL). */
export interface StoredSecret {
  sealed: string
  url: string
}

export type SecretChoice =
  | { ok: true; secret: string }
  | { ok: false; reason: 'missing' | 'other-origin'; message: string }

const SEALED_PREFIX = 'o1:'

/** `https://host[:port]` of an http(s) URL (lower-case host, default port dropped); null otherwise. */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url)
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null
  } catch {
    return null
  }
}

const additionalData = (origin: string) => Buffer.from(`sextant stored secret for ${origin}`, 'utf8')

/** Seals `secret` for the origin of `url` (an http(s) URL; anything else is a bug of the caller). */
export function sealSecretFor(key: Buffer, secret: string, url: string): string {
  const origin = originOf(url)
  if (!origin) throw new Error(`A stored secret needs an http(s) URL to belong to, not '${url}'.`)
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(additionalData(origin))
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
}

function open(key: Buffer, sealed: string, origin: string): string {
  // Secrets stored before origins were sealed in (no prefix) open without additional data; the origin
  // check in secretForTarget still applies to them, and saving them again seals them.
  if (!sealed.startsWith(SEALED_PREFIX)) return decryptSecret(key, sealed)
  const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64')
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
  decipher.setAAD(additionalData(origin))
  decipher.setAuthTag(raw.subarray(12, 28))
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
}

/**
 * What to send to `target`: the secret the caller `given` now (they hold it, so it may go where they
 * say), else the stored one when `target` has the origin it was saved for, else a refusal naming
 * `field` (e.g. 'apiToken') to send again.
 */
export function secretForTarget(
  key: Buffer,
  stored: StoredSecret | null,
  target: string,
  given: string | undefined,
  field: string,
): SecretChoice {
  if (given) return { ok: true, secret: given }
  if (!stored) return { ok: false, reason: 'missing', message: `${field}: give the secret to use.` }
  const savedFor = originOf(stored.url)
  const wanted = originOf(target)
  if (!savedFor || !wanted || savedFor !== wanted) {
    return {
      ok: false,
      reason: 'other-origin',
      message: `${field}: the stored one was saved for ${savedFor ?? stored.url} and goes nowhere else; send it again to use ${wanted ?? target}.`,
    }
  }
  return { ok: true, secret: open(key, stored.sealed, savedFor) }
}
