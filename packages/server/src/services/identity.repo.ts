// Accounts, users, memberships, sessions and API tokens in storage (spec accounts-and-api §3, §7).
// Rows are mapped to plain records here; presenters turn them into the contract's shapes.
import type { Role } from '@sextant/contract'
import type { Db, DbClient } from '../db/connection'

export const DEFAULT_ACCOUNT_UUID = '00000000-0000-4000-8000-000000000000'

export interface AccountRecord {
  uuid: string
  name: string
  email: string
  plan: string
  isDefault: boolean
  features: string[]
  properties: Record<string, unknown>
}

export interface MemberRecord {
  userUuid: string
  email: string
  name: string
  sysadmin: boolean
  membershipUuid: string
  role: Role
  account: AccountRecord
}

interface AccountRow {
  uuid: string
  name: string
  email: string
  plan: string
  is_default: boolean
  features: string[]
  properties: Record<string, unknown>
}

function toAccount(row: AccountRow): AccountRecord {
  return {
    uuid: row.uuid,
    name: row.name,
    email: row.email,
    plan: row.plan,
    isDefault: row.is_default,
    features: row.features,
    properties: row.properties,
  }
}

export async function findAccount(db: Db, uuid: string): Promise<AccountRecord | null> {
  const { rows } = await db.query<AccountRow>('SELECT * FROM accounts WHERE uuid = $1', [uuid])
  return rows[0] ? toAccount(rows[0]) : null
}

export async function ensureDefaultAccount(db: Db | DbClient): Promise<void> {
  await db.query(
    `INSERT INTO accounts (uuid, name, email, plan, is_default) VALUES ($1, 'Default', 'anonymous@sextant.local', 'default', true)
     ON CONFLICT DO NOTHING`,
    [DEFAULT_ACCOUNT_UUID],
  )
}

const memberSelect = `
  SELECT u.uuid AS user_uuid, u.email, u.name, u.sysadmin, m.uuid AS membership_uuid, m.role,
         a.uuid, a.name AS account_name, a.email AS account_email, a.plan, a.is_default, a.features, a.properties
  FROM memberships m JOIN users u ON u.uuid = m.user_uuid JOIN accounts a ON a.uuid = m.account_uuid`

interface MemberRow {
  user_uuid: string
  email: string
  name: string
  sysadmin: boolean
  membership_uuid: string
  role: Role
  uuid: string
  account_name: string
  account_email: string
  plan: string
  is_default: boolean
  features: string[]
  properties: Record<string, unknown>
}

function toMember(r: MemberRow): MemberRecord {
  return {
    userUuid: r.user_uuid,
    email: r.email,
    name: r.name,
    sysadmin: r.sysadmin,
    membershipUuid: r.membership_uuid,
    role: r.role,
    account: toAccount({ ...r, name: r.account_name, email: r.account_email }),
  }
}

export async function findMemberBySession(db: Db, tokenHash: string): Promise<MemberRecord | null> {
  const { rows } = await db.query<MemberRow>(
    `${memberSelect} JOIN sessions s ON s.membership_uuid = m.uuid
     WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [tokenHash],
  )
  return rows[0] ? toMember(rows[0]) : null
}

export async function findMemberByApiToken(db: Db, tokenHash: string): Promise<MemberRecord | null> {
  const { rows } = await db.query<MemberRow>(
    `${memberSelect} JOIN api_tokens t ON t.membership_uuid = m.uuid
     WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())`,
    [tokenHash],
  )
  return rows[0] ? toMember(rows[0]) : null
}

/** The user's primary membership, for sign-in by e-mail. */
export async function findMemberByEmail(
  db: Db,
  email: string,
): Promise<(MemberRecord & { passwordHash: string | null }) | null> {
  const { rows } = await db.query<MemberRow & { password_hash: string | null }>(
    `${memberSelect.replace('SELECT', 'SELECT u.password_hash,')} WHERE lower(u.email) = lower($1) ORDER BY m.is_primary DESC, m.created_at LIMIT 1`,
    [email],
  )
  const row = rows[0]
  return row ? { ...toMember(row), passwordHash: row.password_hash } : null
}

export async function insertSession(
  db: Db,
  uuid: string,
  tokenHash: string,
  membershipUuid: string,
  expiresAt: Date,
) {
  await db.query(
    'INSERT INTO sessions (uuid, token_hash, membership_uuid, expires_at) VALUES ($1, $2, $3, $4)',
    [uuid, tokenHash, membershipUuid, expiresAt],
  )
}
