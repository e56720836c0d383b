// Test helpers for the administration API (issue 7 acceptance 1, 3): a fetch that keeps every answer so a
// test can scan them for secrets, sessions for members of any role, and the secrets scan itself.
import type { Role } from '@sextant/contract'
import type { Db } from '../../db/connection'
import { insertMembership } from '../../services/identity.repo'
import { digestToken, newAccessToken, newUuid } from '../../services/secrets'

/** A parsed JSON answer for tests: any property may be read (a missing one is undefined at run time). */
export interface Loose {
  [key: string]: Loose
  [index: number]: Loose
}

export interface Answer {
  method: string
  path: string
  status: number
  text: string
}

export class RecordingApi {
  readonly answers: Answer[] = []
  constructor(readonly url: string) {}

  async call(
    method: string,
    path: string,
    options: { auth?: string | null; body?: unknown; text?: string } = {},
  ): Promise<{ status: number; json: Loose; text: string }> {
    const headers: Record<string, string> = {}
    if (options.auth) headers.authorization = options.auth
    let body: string | undefined
    if (options.text !== undefined) {
      headers['content-type'] = 'text/plain'
      body = options.text
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(options.body)
    }
    const res = await fetch(`${this.url}${path}`, { method, headers, body })
    const text = await res.text()
    this.answers.push({ method, path, status: res.status, text })
    let json: unknown = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {
      json = null
    }
    return { status: res.status, json: json as Loose, text }
  }
}

/** A signed-in session for a membership, written straight to storage (the walk needs many roles). */
export async function sessionFor(db: Db, membershipUuid: string): Promise<string> {
  const token = newAccessToken()
  await db.query(
    "INSERT INTO sessions (uuid, token_hash, membership_uuid, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')",
    [newUuid(), digestToken(token), membershipUuid],
  )
  return `Bearer ${token}`
}

export async function membershipOf(
  db: Db,
  email: string,
): Promise<{ uuid: string; role: Role; account: string }> {
  const { rows } = await db.query<{ uuid: string; role: Role; account_uuid: string }>(
    'SELECT m.uuid, m.role, m.account_uuid FROM memberships m JOIN users u ON u.uuid = m.user_uuid WHERE lower(u.email) = lower($1)',
    [email],
  )
  const row = rows[0]
  if (!row) throw new Error(`no membership for ${email}`)
  return { uuid: row.uuid, role: row.role, account: row.account_uuid }
}

export interface Secret {
  value: string
  /** The answer that created it may show it (once); every other answer must not. */
  createdBy: Answer | null
}

/** Answers that leak a password hash or a secret outside the answer that created it. */
export function leaks(answers: Answer[], secrets: Secret[]): string[] {
  const found: string[] = []
  for (const a of answers) {
    if (/\$argon2(id|i|d)\$/.test(a.text)) found.push(`${a.method} ${a.path}: an argon2 password hash`)
    for (const s of secrets) {
      if (s.value && a !== s.createdBy && a.text.includes(s.value))
        found.push(`${a.method} ${a.path}: a secret (${s.value.slice(0, 4)}…)`)
    }
  }
  return found
}

/**
 * A new account with one member of `role`, written straight to storage, and that member's session:
 * tests of authorisation (issue 13) need callers in other accounts without going through registration
 * or invitations (whose rules are tested on their own).
 */
export async function memberInNewAccount(
  db: Db,
  email: string,
  role: Role = 'Administrator',
): Promise<{ auth: string; accountUuid: string; membershipUuid: string }> {
  const accountUuid = newUuid()
  const userUuid = newUuid()
  await db.query('INSERT INTO accounts (uuid, name, email) VALUES ($1, $2, $3)', [accountUuid, email, email])
  await db.query('INSERT INTO users (uuid, email, name) VALUES ($1, $2, $3)', [userUuid, email, email])
  const membershipUuid = await insertMembership(db, accountUuid, userUuid, role)
  return { auth: await sessionFor(db, membershipUuid), accountUuid, membershipUuid }
}

/** Another member of an existing account, with a session. */
export async function memberOfAccount(
  db: Db,
  accountUuid: string,
  email: string,
  role: Role,
): Promise<{ auth: string; membershipUuid: string }> {
  const userUuid = newUuid()
  await db.query('INSERT INTO users (uuid, email, name) VALUES ($1, $2, $3)', [userUuid, email, email])
  const membershipUuid = await insertMembership(db, accountUuid, userUuid, role)
  return { auth: await sessionFor(db, membershipUuid), membershipUuid }
}
