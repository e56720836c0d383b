// Account and team properties (spec accounts-and-api §5: "the value must be valid JSON text, an object, or
// empty or null (saved as null); otherwise 'The property content is invalid', 'The property is invalid' or
// 'The property is missing'"; §7 GET/POST /api/v1/{accounts|teams}/{uuid}/properties/{name}).
import { accountMessages } from '@sextant/contract'
import { isObject } from '@sextant/engine'
import type { Db } from '../../db/connection'
import { fail, ok, type Result } from '../../services/result'
import { type PropertyOwner, type PropertyValue, storedProperty, writeProperty } from './properties.repo'

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

const known: Record<PropertyOwner, readonly { name: string }[]> = {
  accounts: accountProperties,
  teams: teamProperties,
}

/** Checks name and content; answers the value to save (null for empty), or the §5 message. */
export function parseProperty(owner: PropertyOwner, name: string, body: unknown): Result<PropertyValue> {
  if (!name.trim()) return fail('invalid', accountMessages.propertyMissing)
  if (!known[owner].some((p) => p.name === name)) return fail('invalid', accountMessages.propertyInvalid)
  if (body === undefined || body === null) return ok(null)
  if (typeof body === 'string') {
    if (!body.trim()) return ok(null)
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      return fail('invalid', accountMessages.propertyContent)
    }
    if (parsed === null || isObject(parsed)) return ok(parsed)
    return fail('invalid', accountMessages.propertyContent)
  }
  if (isObject(body)) return ok(body)
  return fail('invalid', accountMessages.propertyContent)
}

/** The stored value (null is a value); a property never set is a problem naming it. */
export async function readProperty(
  db: Db,
  owner: PropertyOwner,
  uuid: string,
  name: string,
): Promise<Result<PropertyValue>> {
  const stored = await storedProperty(db, owner, uuid, name)
  return stored ? ok(stored.value) : fail('not-found', `The property ${name} has not been set.`)
}

/** Checks and stores a property; answers the stored value. */
export async function setProperty(
  db: Db,
  owner: PropertyOwner,
  uuid: string,
  name: string,
  body: unknown,
): Promise<Result<PropertyValue>> {
  const parsed = parseProperty(owner, name, body)
  if (parsed.ok) await writeProperty(db, owner, uuid, name, parsed.value)
  return parsed
}
