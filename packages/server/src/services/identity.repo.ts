// Accounts, users, memberships, sessions and API tokens in storage (spec accounts-and-api §3, §7).
// Rows are mapped to plain records here; presenters turn them into the contract's shapes.
import { type Role, roleSchema } from '@sextant/contract'
import type { Db, DbClient } from '../db/connection'
import { newUuid } from './secrets'

export const DEFAULT_ACCOUNT_UUID = '00000000-0000-4000-8000-000000000000'

type Queryable = Pick<Db | DbClient, 'query'>

export interface AccountRecord {
  uuid: string
  name: string
  email: string
  plan: string
  isDefault: boolean
  active: boolean
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
  /** The active teams the member belongs to ("Everyone" included): what a team role may see. */
  teamUuids: string[]
  /** The team a project this member creates belongs to when the request names none. */
  primaryTeamUuid: string | null
}

export interface AccountRow {
  uuid: string
  name: string
  email: string
  plan: string
  is_default: boolean
  active: boolean
  features: string[]
  properties: Record<string, unknown>
}

export function toAccount(row: AccountRow): AccountRecord {
  return {
    uuid: row.uuid,
    name: row.name,
    email: row.email,
    plan: row.plan,
    isDefault: row.is_default,
    active: row.active,
    features: row.features,
    properties: row.properties,
  }
}

export async function findAccount(db: Queryable, uuid: string): Promise<AccountRecord | null> {
  const { rows } = await db.query<AccountRow>('SELECT * FROM accounts WHERE uuid = $1', [uuid])
  return rows[0] ? toAccount(rows[0]) : null
}

/** The default team "Everyone" of an account (product-notes "Roles"), created on first need. */
export async function ensureEveryoneTeam(db: Queryable, accountUuid: string): Promise<string> {
  await db.query(
    `INSERT INTO teams (uuid, account_uuid, name, description, is_everyone)
     VALUES ($1, $2, 'Everyone', 'Every member of the account', true) ON CONFLICT DO NOTHING`,
    [newUuid(), accountUuid],
  )
  const { rows } = await db.query<{ uuid: string }>(
    'SELECT uuid FROM teams WHERE account_uuid = $1 AND is_everyone',
    [accountUuid],
  )
  return rows[0]!.uuid
}

/** The team role that mirrors an account role (Everyone holds every member with it). */
export function teamRoleOf(role: Role): 'Administrator' | 'Collaborator' | 'Viewer' {
  if (role === 'Administrator' || role === 'TeamAdministrator') return 'Administrator'
  if (role === 'Collaborator' || role === 'TeamCollaborator') return 'Collaborator'
  return 'Viewer'
}

/** A membership with its place in Everyone (and Everyone as primary team). */
export async function insertMembership(
  db: Queryable,
  accountUuid: string,
  userUuid: string,
  role: Role,
): Promise<string> {
  const uuid = newUuid()
  const everyone = await ensureEveryoneTeam(db, accountUuid)
  await db.query(
    'INSERT INTO memberships (uuid, account_uuid, user_uuid, role, primary_team_uuid) VALUES ($1, $2, $3, $4, $5)',
    [uuid, accountUuid, userUuid, role, everyone],
  )
  await db.query('INSERT INTO team_members (team_uuid, membership_uuid, role) VALUES ($1, $2, $3)', [
    everyone,
    uuid,
    teamRoleOf(role),
  ])
  return uuid
}

export async function ensureDefaultAccount(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO accounts (uuid, name, email, plan, is_default) VALUES ($1, 'Default', 'anonymous@sextant.local', 'default', true)
     ON CONFLICT DO NOTHING`,
    [DEFAULT_ACCOUNT_UUID],
  )
  await ensureEveryoneTeam(db, DEFAULT_ACCOUNT_UUID)
}

const memberSelect = `
  SELECT u.uuid AS user_uuid, u.email, u.name, u.sysadmin, m.uuid AS membership_uuid, m.role,
         a.uuid, a.name AS account_name, a.email AS account_email, a.plan, a.is_default, a.active,
         a.features, a.properties, m.primary_team_uuid,
         ARRAY(SELECT tm.team_uuid::text FROM team_members tm JOIN teams t ON t.uuid = tm.team_uuid
               WHERE tm.membership_uuid = m.uuid AND t.active ORDER BY 1) AS team_uuids
  FROM memberships m JOIN users u ON u.uuid = m.user_uuid JOIN accounts a ON a.uuid = m.account_uuid`

interface MemberRow extends Omit<AccountRow, 'name' | 'email'> {
  user_uuid: string
  email: string
  name: string
  sysadmin: boolean
  membership_uuid: string
  role: string
  account_name: string
  account_email: string
  primary_team_uuid: string | null
  team_uuids: string[]
}

function toMember(r: MemberRow): MemberRecord {
  // A role this version does not know (written by hand or an older tool) gets the least rights.
  const role = roleSchema.safeParse(r.role)
  return {
    userUuid: r.user_uuid,
    email: r.email,
    name: r.name,
    sysadmin: r.sysadmin,
    membershipUuid: r.membership_uuid,
    role: role.success ? role.data : 'Viewer',
    account: toAccount({ ...r, name: r.account_name, email: r.account_email }),
    teamUuids: r.team_uuids,
    primaryTeamUuid: r.primary_team_uuid,
  }
}

export interface SessionMember extends MemberRecord {
  sessionUuid: string
  mfaPending: boolean
  expiresAt: Date
}

export async function findMemberBySession(db: Db, tokenHash: string): Promise<SessionMember | null> {
  const { rows } = await db.query<
    MemberRow & { session_uuid: string; mfa_pending: boolean; expires_at: Date }
  >(
    `${memberSelect.replace('SELECT', 'SELECT s.uuid AS session_uuid, s.mfa_pending, s.expires_at,')}
     JOIN sessions s ON s.membership_uuid = m.uuid
     WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [tokenHash],
  )
  const row = rows[0]
  return row
    ? {
        ...toMember(row),
        sessionUuid: row.session_uuid,
        mfaPending: row.mfa_pending,
        expiresAt: row.expires_at,
      }
    : null
}

export async function findMemberByApiToken(
  db: Db,
  tokenHash: string,
): Promise<(MemberRecord & { expiresAt: Date | null }) | null> {
  const { rows } = await db.query<MemberRow & { token_expires_at: Date | null }>(
    `${memberSelect.replace('SELECT', 'SELECT t.expires_at AS token_expires_at,')}
     JOIN api_tokens t ON t.membership_uuid = m.uuid
     WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())`,
    [tokenHash],
  )
  const row = rows[0]
  return row ? { ...toMember(row), expiresAt: row.token_expires_at } : null
}

/**
 * The revocation epoch (migration 030): bumped by every committed change to sessions, tokens, users,
 * memberships, teams and accounts. Read before a lookup, it tells whether a cached principal still holds.
 */
export async function readAuthEpoch(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ n: string }>('SELECT n FROM auth_epoch')
  return String(rows[0]?.n ?? '0')
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

/** One membership by uuid (for MFA completion and member administration). */
export async function findMemberByMembership(db: Db, membershipUuid: string): Promise<MemberRecord | null> {
  const { rows } = await db.query<MemberRow>(`${memberSelect} WHERE m.uuid = $1`, [membershipUuid])
  return rows[0] ? toMember(rows[0]) : null
}

export async function insertSession(
  db: Queryable,
  uuid: string,
  tokenHash: string,
  membershipUuid: string,
  expiresAt: Date,
  mfaPending = false,
) {
  await db.query(
    'INSERT INTO sessions (uuid, token_hash, membership_uuid, expires_at, mfa_pending) VALUES ($1, $2, $3, $4, $5)',
    [uuid, tokenHash, membershipUuid, expiresAt, mfaPending],
  )
}
