// API tokens in storage (spec accounts-and-api §7 "GET /api/v1/accounts/{id}/tokens", product-notes
// "Roles": `Authorization: Token <uuid>`): only the SHA-256 digest of the secret is kept.
import type { ApiTokenInfo } from '@sextant/contract'
import type { Db } from '../../db/connection'
import { digestToken, newUuid } from '../../services/secrets'

interface Row {
  uuid: string
  name: string
  owner: string
  membership_uuid: string
  kind: 'api' | 'support'
  created_at: Date
  expires_at: Date | null
  revoked_at: Date | null
}

export interface TokenRecord extends ApiTokenInfo {
  membershipUuid: string
}

const toToken = (r: Row): TokenRecord => ({
  uuid: r.uuid,
  name: r.name,
  owner: r.owner,
  kind: r.kind,
  membershipUuid: r.membership_uuid,
  createdAt: r.created_at.toISOString(),
  expiresAt: r.expires_at?.toISOString() ?? null,
  revokedAt: r.revoked_at?.toISOString() ?? null,
})

export function presentToken(t: TokenRecord): ApiTokenInfo {
  const { membershipUuid: _, ...info } = t
  return info
}

const select = `SELECT t.uuid, t.name, u.email AS owner, t.membership_uuid, t.kind, t.created_at, t.expires_at, t.revoked_at
  FROM api_tokens t JOIN memberships m ON m.uuid = t.membership_uuid JOIN users u ON u.uuid = m.user_uuid`

/** The account's tokens; with `membershipUuid`, only that member's. */
export async function listTokens(
  db: Db,
  accountUuid: string,
  membershipUuid: string | null,
): Promise<TokenRecord[]> {
  const { rows } = await db.query<Row>(
    `${select} WHERE m.account_uuid = $1 AND ($2::uuid IS NULL OR t.membership_uuid = $2) ORDER BY t.created_at DESC`,
    [accountUuid, membershipUuid],
  )
  return rows.map(toToken)
}

export async function findToken(db: Db, accountUuid: string, uuid: string): Promise<TokenRecord | null> {
  const { rows } = await db.query<Row>(`${select} WHERE m.account_uuid = $1 AND t.uuid = $2`, [
    accountUuid,
    uuid,
  ])
  return rows[0] ? toToken(rows[0]) : null
}

/** Creates a token; the secret is a random UUID (the form `Authorization: Token <uuid>` expects). */
export async function createToken(
  db: Db,
  membershipUuid: string,
  name: string,
  kind: 'api' | 'support',
  expiresAt: Date | null,
): Promise<{ uuid: string; secret: string }> {
  const uuid = newUuid()
  const secret = newUuid()
  await db.query(
    'INSERT INTO api_tokens (uuid, token_hash, membership_uuid, name, kind, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [uuid, digestToken(secret), membershipUuid, name, kind, expiresAt],
  )
  return { uuid, secret }
}

/** Revokes the token; the revocation epoch (migration 030) makes every process refuse it at once. */
export async function revokeToken(db: Db, uuid: string): Promise<void> {
  await db.query('UPDATE api_tokens SET revoked_at = coalesce(revoked_at, now()) WHERE uuid = $1', [uuid])
}

/** The account's first Administrator (the membership a support token acts as); null when it has none. */
export async function firstAdministrator(db: Db, accountUuid: string): Promise<string | null> {
  const { rows } = await db.query<{ uuid: string }>(
    "SELECT uuid FROM memberships WHERE account_uuid = $1 AND role = 'Administrator' ORDER BY created_at LIMIT 1",
    [accountUuid],
  )
  return rows[0]?.uuid ?? null
}
