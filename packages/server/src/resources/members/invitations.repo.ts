// Invitations in storage (issue 13 items 6, 7; migration 032): an address invited into an account with a
// role, and the digest of the token mailed to it. An invitation is not a membership and grants nothing;
// spending its token (once, before it expires) is what makes the membership.
import type { Role } from '@sextant/contract'
import type { Db, DbClient } from '../../db/connection'

type Queryable = Pick<Db | DbClient, 'query'>

export interface InvitationInfo {
  uuid: string
  accountUuid: string
  email: string
  name: string
  role: Role
  expiresAt: Date
}

interface Row {
  uuid: string
  account_uuid: string
  email: string
  name: string
  role: Role
  expires_at: Date
}

const toInfo = (r: Row): InvitationInfo => ({
  uuid: r.uuid,
  accountUuid: r.account_uuid,
  email: r.email,
  name: r.name,
  role: r.role,
  expiresAt: new Date(r.expires_at),
})

const columns = 'uuid, account_uuid, email, name, role, expires_at'

/**
 * Invites the address into the account, or renews its invitation there (a new token, role, name and
 * expiry: the old link stops working). Answers the invitation.
 */
export async function upsertInvitation(
  db: Queryable,
  invitation: Omit<InvitationInfo, 'expiresAt'> & { tokenHash: string; expiresAt: Date },
): Promise<InvitationInfo> {
  const { rows } = await db.query<Row>(
    `INSERT INTO invitations (uuid, account_uuid, email, name, role, token_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (account_uuid, lower(email)) DO UPDATE SET
       name = EXCLUDED.name, role = EXCLUDED.role, token_hash = EXCLUDED.token_hash,
       expires_at = EXCLUDED.expires_at
     RETURNING ${columns}`,
    [
      invitation.uuid,
      invitation.accountUuid,
      invitation.email,
      invitation.name,
      invitation.role,
      invitation.tokenHash,
      invitation.expiresAt,
    ],
  )
  return toInfo(rows[0]!)
}

/** A new token for a pending invitation (sent again); false when there is none. */
export async function renewInvitationToken(
  db: Queryable,
  uuid: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE invitations SET token_hash = $2, expires_at = $3 WHERE uuid = $1',
    [uuid, tokenHash, expiresAt],
  )
  return (rowCount ?? 0) > 0
}

export async function listInvitations(db: Queryable, accountUuid: string): Promise<InvitationInfo[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${columns} FROM invitations WHERE account_uuid = $1 ORDER BY lower(email)`,
    [accountUuid],
  )
  return rows.map(toInfo)
}

/** The account's invitation by its uuid or its e-mail address. */
export async function findInvitation(
  db: Queryable,
  accountUuid: string,
  idOrEmail: string,
): Promise<InvitationInfo | null> {
  const { rows } = await db.query<Row>(
    `SELECT ${columns} FROM invitations WHERE account_uuid = $1
     AND (uuid::text = lower($2) OR lower(email) = lower($2))`,
    [accountUuid, idOrEmail],
  )
  return rows[0] ? toInfo(rows[0]) : null
}

/** The unexpired invitation of a token; null for none. */
export async function findInvitationByToken(
  db: Queryable,
  tokenHash: string,
): Promise<InvitationInfo | null> {
  const { rows } = await db.query<Row>(
    `SELECT ${columns} FROM invitations WHERE token_hash = $1 AND expires_at > now()`,
    [tokenHash],
  )
  return rows[0] ? toInfo(rows[0]) : null
}

/** Changes the role an invitation offers. */
export async function setInvitationRole(db: Queryable, uuid: string, role: Role): Promise<void> {
  await db.query('UPDATE invitations SET role = $2 WHERE uuid = $1', [uuid, role])
}

/** Every unexpired invitation of an address, in any account. */
export async function invitationsOf(db: Queryable, email: string): Promise<InvitationInfo[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${columns} FROM invitations WHERE lower(email) = lower($1) AND expires_at > now()`,
    [email],
  )
  return rows.map(toInfo)
}

/** Removes an invitation (cancelled, or accepted); false when there was none. */
export async function deleteInvitation(db: Queryable, uuid: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM invitations WHERE uuid = $1', [uuid])
  return (rowCount ?? 0) > 0
}

/** Takes the invitation of an unexpired token out of storage (so it works once); null for none. */
export async function spendInvitation(db: Queryable, tokenHash: string): Promise<InvitationInfo | null> {
  const { rows } = await db.query<Row>(
    `DELETE FROM invitations WHERE token_hash = $1 AND expires_at > now() RETURNING ${columns}`,
    [tokenHash],
  )
  return rows[0] ? toInfo(rows[0]) : null
}
