// MFA state in storage (spec accounts-and-api §3 "MFA: scratch codes, phone, totp, app status"): the TOTP
// seed encrypted, scratch codes and SMS codes as keyed digests, one row per user.
import type { Db } from '../../db/connection'

export interface MfaRow {
  totp_secret_enc: string | null
  totp_enabled: boolean
  phone: string | null
  sms_code_hash: string | null
  sms_code_expires_at: Date | null
  sms_enabled: boolean
  last_totp_step: string | null
}

export async function mfaRow(db: Db, userUuid: string): Promise<MfaRow | null> {
  const { rows } = await db.query<MfaRow>('SELECT * FROM mfa WHERE user_uuid = $1', [userUuid])
  return rows[0] ?? null
}

/** Upserts the given columns of the user's MFA row. */
export async function setMfa(
  db: Db,
  userUuid: string,
  values: Partial<Record<keyof MfaRow, unknown>>,
): Promise<void> {
  const columns = Object.keys(values)
  const assignments = columns.map((c, i) => `${c} = $${i + 2}`).join(', ')
  await db.query(
    `INSERT INTO mfa (user_uuid, ${columns.join(', ')}) VALUES ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')})
     ON CONFLICT (user_uuid) DO UPDATE SET ${assignments}, updated_at = now()`,
    [userUuid, ...Object.values(values)],
  )
}

export async function scratchCodes(db: Db, userUuid: string): Promise<{ hash: string; used: boolean }[]> {
  const { rows } = await db.query<{ code_hash: string; used: boolean }>(
    'SELECT code_hash, used_at IS NOT NULL AS used FROM mfa_scratch_codes WHERE user_uuid = $1 ORDER BY created_at, code_hash',
    [userUuid],
  )
  return rows.map((r) => ({ hash: r.code_hash, used: r.used }))
}

export async function replaceScratchCodes(db: Db, userUuid: string, hashes: string[]): Promise<void> {
  await db.query('DELETE FROM mfa_scratch_codes WHERE user_uuid = $1', [userUuid])
  for (const hash of hashes)
    await db.query('INSERT INTO mfa_scratch_codes (user_uuid, code_hash) VALUES ($1, $2)', [userUuid, hash])
}

/** Spends one unused scratch code; answers false when it is unknown or used already. */
export async function spendScratchCode(db: Db, userUuid: string, hash: string): Promise<boolean> {
  const r = await db.query(
    'UPDATE mfa_scratch_codes SET used_at = now() WHERE user_uuid = $1 AND code_hash = $2 AND used_at IS NULL',
    [userUuid, hash],
  )
  return (r.rowCount ?? 0) > 0
}
