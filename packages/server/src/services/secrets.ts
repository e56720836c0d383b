// Secrets at rest (DESIGN §2, §7): passwords hashed with argon2id, tokens stored as SHA-256 digests
// (they are random, high-entropy values, so a fast digest is enough and keeps lookups indexed).
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

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
