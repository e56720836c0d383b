// Licence policies, licence fixes and copyright texts in storage (migration 008; issue 5; spec
// report-page §5, §7). Everything belongs to one account; a library is (language, name, version) with
// version '*' for every version and '--' for an empty one.
import type { Db, DbClient } from '../../db/connection'

type Queryable = Db | DbClient

export interface StoredPolicy {
  uuid: string
  accountUuid: string
  name: string
  kind: 'DENY' | 'ALLOW'
  licences: string[]
  customLicences: string[]
  projectPatterns: string[]
  tags: string[]
  template: 'no-copyleft' | 'no-affero' | 'no-gpl' | null
  createdAt: Date
  updatedAt: Date
}

export interface PolicyRow {
  uuid: string
  account_uuid: string
  name: string
  kind: 'DENY' | 'ALLOW'
  licences: string[]
  custom_licences: string[]
  project_patterns: string[]
  tags: string[]
  template: StoredPolicy['template']
  created_at: Date | string
  updated_at: Date | string
}

export const policyOf = (r: PolicyRow): StoredPolicy => ({
  uuid: r.uuid,
  accountUuid: r.account_uuid,
  name: r.name,
  kind: r.kind,
  licences: r.licences,
  customLicences: r.custom_licences,
  projectPatterns: r.project_patterns,
  tags: r.tags,
  template: r.template,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function listPolicies(db: Queryable, accountUuid: string): Promise<StoredPolicy[]> {
  const { rows } = await db.query<PolicyRow>(
    'SELECT * FROM licence_policies WHERE account_uuid = $1 ORDER BY created_at, uuid',
    [accountUuid],
  )
  return rows.map(policyOf)
}

/** `null` when the account has no such policy (or the id is not a uuid). */
export async function findPolicy(
  db: Queryable,
  accountUuid: string,
  uuid: string,
): Promise<StoredPolicy | null> {
  if (!UUID.test(uuid)) return null
  const { rows } = await db.query<PolicyRow>(
    'SELECT * FROM licence_policies WHERE account_uuid = $1 AND uuid = $2',
    [accountUuid, uuid],
  )
  return rows[0] ? policyOf(rows[0]) : null
}

export type PolicyFields = Omit<StoredPolicy, 'uuid' | 'accountUuid' | 'createdAt' | 'updatedAt'>

export async function savePolicy(
  db: Queryable,
  accountUuid: string,
  uuid: string,
  p: PolicyFields,
): Promise<StoredPolicy> {
  const { rows } = await db.query<PolicyRow>(
    `INSERT INTO licence_policies
       (uuid, account_uuid, name, kind, licences, custom_licences, project_patterns, tags, template)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (uuid) DO UPDATE SET name = EXCLUDED.name, kind = EXCLUDED.kind,
       licences = EXCLUDED.licences, custom_licences = EXCLUDED.custom_licences,
       project_patterns = EXCLUDED.project_patterns, tags = EXCLUDED.tags, template = EXCLUDED.template,
       updated_at = now()
     WHERE licence_policies.account_uuid = EXCLUDED.account_uuid
     RETURNING *`,
    [
      uuid,
      accountUuid,
      p.name,
      p.kind,
      JSON.stringify(p.licences),
      JSON.stringify(p.customLicences),
      JSON.stringify(p.projectPatterns),
      JSON.stringify(p.tags),
      p.template,
    ],
  )
  return policyOf(rows[0]!)
}

export async function deletePolicy(db: Queryable, accountUuid: string, uuid: string): Promise<void> {
  await db.query('DELETE FROM licence_policies WHERE account_uuid = $1 AND uuid = $2', [accountUuid, uuid])
}

export interface LibraryKey {
  language: string
  name: string
  version: string
}

export interface StoredOverride extends LibraryKey {
  licences: string[]
  updatedAt: Date | null
}

export interface StoredCopyright extends LibraryKey {
  text: string
  updatedAt: Date | null
}

interface LibraryRow {
  language: string
  name: string
  version: string
  updated_at: Date | string
}

export type OverrideRow = LibraryRow & { licences: string[] }
export type CopyrightRow = LibraryRow & { text: string }

export async function listOverrides(db: Queryable, accountUuid: string): Promise<StoredOverride[]> {
  const { rows } = await db.query<OverrideRow>(
    'SELECT * FROM licence_overrides WHERE account_uuid = $1 ORDER BY language, name, version',
    [accountUuid],
  )
  return rows.map(overrideOf)
}

/** A stored row (or its JSON, timestamps as text) as a licence fix. */
export const overrideOf = (r: OverrideRow): StoredOverride => ({
  language: r.language,
  name: r.name,
  version: r.version,
  licences: r.licences,
  updatedAt: new Date(r.updated_at),
})

export async function findOverride(
  db: Queryable,
  accountUuid: string,
  key: LibraryKey,
): Promise<StoredOverride | null> {
  const { rows } = await db.query<LibraryRow & { licences: string[] }>(
    'SELECT * FROM licence_overrides WHERE account_uuid = $1 AND language = $2 AND name = $3 AND version = $4',
    [accountUuid, key.language, key.name, key.version],
  )
  const r = rows[0]
  return r ? { ...key, licences: r.licences, updatedAt: new Date(r.updated_at) } : null
}

/** Stores the library's fix; an empty list removes it. */
export async function saveOverride(
  db: Queryable,
  accountUuid: string,
  key: LibraryKey,
  licences: readonly string[],
): Promise<void> {
  if (licences.length === 0) {
    await db.query(
      'DELETE FROM licence_overrides WHERE account_uuid = $1 AND language = $2 AND name = $3 AND version = $4',
      [accountUuid, key.language, key.name, key.version],
    )
    return
  }
  await db.query(
    `INSERT INTO licence_overrides (account_uuid, language, name, version, licences) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (account_uuid, language, name, version)
     DO UPDATE SET licences = EXCLUDED.licences, updated_at = now()`,
    [accountUuid, key.language, key.name, key.version, JSON.stringify(licences)],
  )
}

export async function listCopyrights(db: Queryable, accountUuid: string): Promise<StoredCopyright[]> {
  const { rows } = await db.query<CopyrightRow>(
    'SELECT * FROM copyright_overrides WHERE account_uuid = $1 ORDER BY language, name, version',
    [accountUuid],
  )
  return rows.map(copyrightOf)
}

/** A stored row (or its JSON, timestamps as text) as a copyright text. */
export const copyrightOf = (r: CopyrightRow): StoredCopyright => ({
  language: r.language,
  name: r.name,
  version: r.version,
  text: r.text,
  updatedAt: new Date(r.updated_at),
})

export async function findCopyright(
  db: Queryable,
  accountUuid: string,
  key: LibraryKey,
): Promise<StoredCopyright | null> {
  const { rows } = await db.query<LibraryRow & { text: string }>(
    'SELECT * FROM copyright_overrides WHERE account_uuid = $1 AND language = $2 AND name = $3 AND version = $4',
    [accountUuid, key.language, key.name, key.version],
  )
  const r = rows[0]
  return r ? { ...key, text: r.text, updatedAt: new Date(r.updated_at) } : null
}

export async function saveCopyright(
  db: Queryable,
  accountUuid: string,
  key: LibraryKey,
  text: string,
): Promise<void> {
  await db.query(
    `INSERT INTO copyright_overrides (account_uuid, language, name, version, text) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (account_uuid, language, name, version) DO UPDATE SET text = EXCLUDED.text, updated_at = now()`,
    [accountUuid, key.language, key.name, key.version, text],
  )
}
