// Account and team properties (spec accounts-and-api §5: "the value must be valid JSON text, an object, or
// empty or null (saved as null); otherwise 'The property content is invalid', 'The property is invalid' or
// 'The property is missing'"; §7 GET/POST /api/v1/{accounts|teams}/{uuid}/properties/{name}).
import { accountMessages } from '@sextant/contract'
import type { Db } from '../../db/connection'
import { HttpError } from '../../http/errors'

export const accountProperties = [
  {
    name: 'experimental',
    description: 'Experimental features switched on for the account (object of flags).',
  },
  {
    name: 'autogroupings',
    description: 'How projects are grouped automatically (e.g. by repository owner).',
  },
  { name: 'notifications', description: 'E-mail and chat notification settings of the account.' },
  { name: 'branding', description: 'Logo and colours shown in reports.' },
  { name: 'mfa', description: 'MFA policy of the account, e.g. {"required": true}.' },
] as const
export const teamProperties = [
  { name: 'notifications', description: 'Notification settings of the team.' },
  { name: 'slack', description: 'The team’s chat channel.' },
  { name: 'jira', description: 'The team’s issue-tracker project.' },
] as const

export type PropertyOwner = 'accounts' | 'teams'
const known: Record<PropertyOwner, readonly { name: string }[]> = {
  accounts: accountProperties,
  teams: teamProperties,
}

export type PropertyValue = Record<string, unknown> | null

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Checks name and content; answers the value to save (null for empty). Throws 400 with the §5 message. */
export function parseProperty(owner: PropertyOwner, name: string, body: unknown): PropertyValue {
  if (!name.trim()) throw new HttpError(400, accountMessages.propertyMissing)
  if (!known[owner].some((p) => p.name === name)) throw new HttpError(400, accountMessages.propertyInvalid)
  if (body === undefined || body === null) return null
  if (typeof body === 'string') {
    if (!body.trim()) return null
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      throw new HttpError(400, accountMessages.propertyContent)
    }
    if (parsed === null || isObject(parsed)) return parsed
    throw new HttpError(400, accountMessages.propertyContent)
  }
  if (isObject(body)) return body
  throw new HttpError(400, accountMessages.propertyContent)
}

const table = (owner: PropertyOwner) => (owner === 'accounts' ? 'accounts' : 'teams')

export async function readProperty(
  db: Db,
  owner: PropertyOwner,
  uuid: string,
  name: string,
): Promise<PropertyValue> {
  const { rows } = await db.query<{ has: boolean; value: PropertyValue }>(
    `SELECT properties ? $2 AS has, properties -> $2 AS value FROM ${table(owner)} WHERE uuid = $1`,
    [uuid, name],
  )
  const row = rows[0]
  if (!row?.has) throw new HttpError(404, `The property ${name} has not been set.`)
  return row.value
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
