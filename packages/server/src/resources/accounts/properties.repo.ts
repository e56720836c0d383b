// Account and team properties in storage (spec accounts-and-api §7 GET/POST
// /api/v1/{accounts|teams}/{uuid}/properties/{name}): one JSON object per row, a key per property.
import type { Db } from '../../db/connection'

export type PropertyOwner = 'accounts' | 'teams'
export type PropertyValue = Record<string, unknown> | null

const table = (owner: PropertyOwner) => (owner === 'accounts' ? 'accounts' : 'teams')

/** The stored value (which may be null); null when the property was never set. */
export async function storedProperty(
  db: Db,
  owner: PropertyOwner,
  uuid: string,
  name: string,
): Promise<{ value: PropertyValue } | null> {
  const { rows } = await db.query<{ has: boolean; value: PropertyValue }>(
    `SELECT properties ? $2 AS has, properties -> $2 AS value FROM ${table(owner)} WHERE uuid = $1`,
    [uuid, name],
  )
  const row = rows[0]
  return row?.has ? { value: row.value } : null
}

export async function writeProperty(
  db: Db,
  owner: PropertyOwner,
  uuid: string,
  name: string,
  value: PropertyValue,
): Promise<PropertyValue> {
  await db.query(
    `UPDATE ${table(owner)} SET properties = jsonb_set(properties, ARRAY[$2::text], $3::jsonb, true) WHERE uuid = $1`,
    [uuid, name, JSON.stringify(value)],
  )
  return value
}
