// Reading and verifying a licence file offline (issue 17 "Instance licences"; format in contract
// instance-licences.ts): parse the JSON, check the Ed25519 signature over the terms' canonical JSON
// with the configured public key, and say what is wrong as a value naming the licence and the reason.
import { createPublicKey, type KeyObject, verify } from 'node:crypto'
import { canonicalLicence, type LicenceTerms, licenceFileSchema } from '@sextant/contract'
import { fail, ok, type Result } from '../../services/result'

/** The configured key: PEM (SPKI) or the base64 of the 32 raw bytes; a problem naming the setting otherwise. */
export function licenceKeyOf(text: string): Result<KeyObject> {
  try {
    const trimmed = text.trim()
    if (trimmed.startsWith('-----BEGIN')) {
      const key = createPublicKey(trimmed)
      if (key.asymmetricKeyType === 'ed25519') return ok(key)
    } else {
      const raw = Buffer.from(trimmed, 'base64')
      if (raw.length === 32) {
        // SPKI DER of an Ed25519 key: a fixed 12-byte prefix, then the 32 raw bytes.
        const der = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw])
        return ok(createPublicKey({ key: der, format: 'der', type: 'spki' }))
      }
    }
  } catch {
    // fall through to the message below
  }
  return fail(
    'unavailable',
    'SEXTANT_LICENCE_PUBLIC_KEY is not an Ed25519 public key (PEM, or base64 of its 32 raw bytes).',
  )
}

/** The licence's terms when the file is well formed, signed by `key` and not expired at `now`. */
export function verifiedLicence(file: string, key: KeyObject, now: Date): Result<LicenceTerms> {
  let json: unknown
  try {
    json = JSON.parse(file)
  } catch {
    return fail('invalid', 'file: the licence file is not JSON.')
  }
  const parsed = licenceFileSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return fail(
      'invalid',
      `file: not a licence file (${issue?.path.join('.') || 'body'}: ${issue?.message}).`,
    )
  }
  const { licence, signature } = parsed.data
  const signed = verify(
    null,
    Buffer.from(canonicalLicence(licence), 'utf8'),
    key,
    Buffer.from(signature, 'base64'),
  )
  if (!signed)
    return fail(
      'invalid',
      `Licence ${licence.id}: the signature does not verify with the configured licence key (SEXTANT_LICENCE_PUBLIC_KEY); the file was changed or issued for another server. Refused.`,
    )
  if (new Date(licence.expiresAt).getTime() <= now.getTime()) return fail('invalid', expiredMessage(licence))
  return ok(licence)
}

export const expiredMessage = (l: Pick<LicenceTerms, 'id' | 'expiresAt'>) =>
  `Licence ${l.id} expired on ${l.expiresAt.slice(0, 10)}. Refused.`
