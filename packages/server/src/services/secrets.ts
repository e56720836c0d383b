// Secrets at rest (DESIGN §2, §7): passwords hashed with argon2id, tokens and codes stored as SHA-256
// digests (random, high-entropy values: a fast digest is enough and keeps lookups indexed), TOTP seeds
// encrypted with AES-256-GCM (spec accounts-and-api §7 MFA).
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  randomUUID,
  timingSafeEqual,
} from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'
import type { Db } from '../db/connection'
import { storedKey } from './server-keys.repo'

export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false
  try {
    return await verify(stored, password)
  } catch {
    return false
  }
}

/** A key or token given by a caller against the stored one, in constant time (no early exit). */
export function sameSecret(given: string | undefined | null, stored: string): boolean {
  if (typeof given !== 'string' || given.length !== stored.length) return false
  return timingSafeEqual(Buffer.from(given), Buffer.from(stored))
}

export function digestToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function newAccessToken(): string {
  return randomBytes(32).toString('base64url')
}

export function newPassword(): string {
  return randomBytes(12).toString('base64url')
}

export function newUuid(): string {
  return randomUUID()
}

/** A code a person types (scratch codes): 10 characters without look-alikes (0/O, 1/l/I). */
export function newScratchCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  const bytes = randomBytes(10)
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')
}

/** A numeric one-time code (SMS). */
export function newNumericCode(digits = 6): string {
  return String(randomBytes(4).readUInt32BE() % 10 ** digits).padStart(digits, '0')
}

// Encryption at rest of secrets we must read back (TOTP seeds): AES-256-GCM, stored as
// base64(iv | tag | ciphertext). The key comes from SEXTANT_SECRET_KEY (64 hex digits) when set;
// otherwise a random key generated once and kept in the server_keys table, so that every process of a
// scaled deployment shares it without local files. Setting SEXTANT_SECRET_KEY keeps the key apart
// from the database (a database dump then holds ciphertext only); see README "Secrets at rest".
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
}

export function decryptSecret(key: Buffer, stored: string): string {
  const raw = Buffer.from(stored, 'base64')
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
  decipher.setAuthTag(raw.subarray(12, 28))
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
}

/** The key sealing stored secrets: SEXTANT_SECRET_KEY (Config) when set, else the one kept in the database. */
export async function loadSecretKey(db: Pick<Db, 'query'>, configured: Buffer | null): Promise<Buffer> {
  return configured ?? storedKey(db, 'secrets', randomBytes(32))
}
