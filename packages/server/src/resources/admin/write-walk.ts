// The write half of the role-matrix route walk (issue 13 acceptance 2; spec accounts-and-api §6): every
// route that changes something names its §6 permission in the contract, or is listed here as acting only
// on the caller's own identity (with why); and a digest of every stored table shows that a refused write
// changed nothing. Used by route-walk.test.ts.
import type { PermissionAction, PermissionArea, RouteDef } from '@sextant/contract'
import type { Db } from '../../db/connection'
import { type MatrixRole, permissionMatrix } from '../../http/permissions'

/**
 * Writes without a §6 area, each with the reason: they act on the caller's own sign-in, session or
 * second factor, or change nothing. A new write route belongs in its contract `permission` instead.
 */
export const selfService: Record<string, string> = {
  login: 'signs the caller in',
  register: 'mails the address given a sign-up link (or its invitations again), changes no account',
  confirmSignUp: "makes the mailed link's address a user and an account of their own",
  acceptInvitation: "makes the membership the mailed invitation offered to the link's address",
  forget: 'mails a reset link to the address given, changes no account',
  resetPassword: "sets the password of the mailed link's user",
  logout: "ends the caller's own session",
  refresh: "renews the caller's own session",
  mfaAppInitialize: "starts the caller's own authenticator set-up",
  mfaAppDeactivate: "turns off the caller's own authenticator",
  mfaValidate: "checks a code of the caller's own second factor",
  mfaSmsAuthenticate: "sends a code to the caller's own phone",
  scratchCodesCreate: "makes the caller's own scratch codes",
  scratchCodesDelete: "deletes the caller's own scratch codes",
  cliUpdateCheck: 'answers whether a CLI version should update; stores nothing',
  findingsCsv: 'writes the rows the caller may read as a CSV answer; stores nothing',
  notificationUnsubscribe:
    "unsubscribes the one address of the one channel its signed token names (an alert e-mail's link)",
  mySubscriptionSet: "stops or resumes the alert e-mails of one channel to the caller's own address",
}

export const isWrite = (def: RouteDef): boolean => def.method !== 'GET'

export interface WriteNeed {
  area: PermissionArea
  action: PermissionAction
  /** For routes with a `createParam`: the call with 'new' (create) or with an existing id (action). */
  variant: 'new' | 'existing' | null
}

/** The §6 rights a write route needs, one per way of calling it; null without a contract permission. */
export function writeNeeds(def: RouteDef): WriteNeed[] | null {
  const perm = def.permission
  if (!perm) return null
  if (!perm.createParam) return [{ area: perm.area, action: perm.action, variant: null }]
  return [
    { area: perm.area, action: 'create', variant: 'new' },
    { area: perm.area, action: perm.action, variant: 'existing' },
  ]
}

/**
 * Whether the matrix lets `role` do it at all. 'key' (anonymous scans of a public project with its
 * upload key) counts as no: the walk's callers hold no key, so they must be refused.
 */
export function matrixGrants(role: MatrixRole, need: WriteNeed): boolean {
  const grant = permissionMatrix[role][need.area]?.[need.action]
  return grant === 'all' || grant === 'own'
}

/**
 * Tables a refused request may still write: the sign-in limit counters, and the revocation counter
 * their triggers move. Everything else must stay exactly as it was.
 */
const VOLATILE = new Set(['auth_limits', 'auth_epoch', 'schema_migrations'])

/** One digest per stored table (its rows as text, in order). */
export async function fingerprint(db: Db): Promise<Map<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  )
  const names = tables.map((t) => t.name).filter((n) => !VOLATILE.has(n))
  const sql = names
    .map(
      (n, i) =>
        `SELECT $${i + 1}::text AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${n}" t`,
    )
    .join(' UNION ALL ')
  const { rows } = await db.query<{ name: string; digest: string }>(sql, names)
  return new Map(rows.map((r) => [r.name, r.digest]))
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()])
  return [...names].filter((n) => before.get(n) !== after.get(n)).sort()
}
